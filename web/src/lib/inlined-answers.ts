/**
 * API answers the server put inside the page's HTML (the run-time config on every page, the story
 * on a visitor's story page), so the first render draws them without waiting for the call. The
 * server puts in only what is true for whoever asked (a visitor's answers only where the request
 * had no signed-in hint). Each is taken once: a later read of the same path goes to the network.
 * Checked with the call's own shape; anything unexpected is left out and the page asks the API.
 */
import { INLINED_ANSWERS_ELEMENT_ID } from '@whosright/contracts/shared/constants';

import type { Shape } from '#web/lib/shape.ts';

let answers: Map<string, unknown> | undefined;

function inlined(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const text = document.getElementById(INLINED_ANSWERS_ELEMENT_ID)?.textContent;
  if (!text) return answers;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') answers = new Map(Object.entries(parsed));
  } catch {
    // A page that cannot be read asks the API instead.
  }
  return answers;
}

/** The answer inlined for `path`, checked by `shape`, at most once; undefined when there is none. */
export function takeInlinedAnswer<T>(path: string, shape: Shape<T>): T | undefined {
  const found = inlined();
  if (!found.has(path)) return undefined;
  const value = found.get(path);
  found.delete(path);
  try {
    return shape(value);
  } catch {
    return undefined;
  }
}

/** Forgets what was read, so a test can put other answers in the page. */
export function resetInlinedAnswers(): void {
  answers = undefined;
}
