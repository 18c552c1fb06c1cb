/**
 * axe as every journey runs it: the WCAG 2.1 A and AA rules plus label-in-name
 * (`label-content-name-mismatch`), which axe ships switched off as experimental. With it on, a
 * control whose visible text is not part of its accessible name (a count named only by its
 * action, initials named only by the full name) fails the journey, so people who speak the
 * visible words to voice control can always reach it. The journeys read only the violations, so
 * axe details no other result (every rule still runs).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({
    rules: { 'label-content-name-mismatch': { enabled: true } },
    resultTypes: ['violations'],
  });
}
