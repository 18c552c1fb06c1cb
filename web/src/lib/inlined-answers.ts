/**
 * API answers the server put inside the page's HTML (the run-time config on every page, the story
 * on a visitor's story page), so the first render draws them without waiting for the call. The
 * server puts in only what is true for whoever asked (a visitor's answers only where the request
 * had no signed-in hint). Each is taken once: a later read of the same path goes to the network.
 * Checked with the call's own shape; anything unexpected is left out and the page asks the API.
 */
import { INLINED_ANSWERS_ELEMENT_ID } from '@whosright/contracts/shared/constants';

import type { Shape } from '#web/lib/shape.ts';

let answers: Record<string, unknown> | undefined;

/** The answer inlined for `path`, checked by `shape`, at most once; undefined when there is none. */
export function takeInlinedAnswer<T>(path: string, shape: Shape<T>): T | undefined {
  try {
    answers ??= JSON.parse(
      document.getElementById(INLINED_ANSWERS_ELEMENT_ID)?.textContent ?? '{}',
    ) as Record<string, unknown>;
  } catch {
    answers = {};
  }
  const value = answers[path];
  delete answers[path];
  try {
    return value === undefined ? undefined : shape(value);
  } catch {
    return undefined;
  }
}

/** Forgets what was read, so a test can put other answers in the page. */
export function resetInlinedAnswers(): void {
  answers = undefined;
}
