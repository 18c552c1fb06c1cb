/**
 * axe as every journey runs it: the WCAG 2.1 A and AA rules plus label-in-name
 * (`label-content-name-mismatch`), which axe ships switched off as experimental. With it on, a
 * control whose visible text is not part of its accessible name (a count named only by its
 * action, initials named only by the full name) fails the journey, so people who speak the
 * visible words to voice control can always reach it. The journeys read only the violations, so
 * axe details no other result (every rule still runs).
 *
 * Legacy mode runs axe in the page itself. The default runs it frame by frame and finishes the
 * run in a blank page of its own, which is for cross-origin frames (the app has none) and made
 * each check about 1 s here instead of about 0.45 s: a few hundred checks run in `npm test`.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page })
    .options({
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    })
    .setLegacyMode(true);
}
