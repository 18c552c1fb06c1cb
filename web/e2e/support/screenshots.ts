import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { axe } from './axe.ts';

const outDir = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

/** The sizes every screen is captured at: a phone and a desktop. */
export const SHOT_VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/**
 * Checks the page with axe, then saves `docs/screenshots/<name>.png`. Both wait until no finite
 * animation or transition runs (a sheet fading in): axe measures colours as they are drawn, and
 * one caught half-way through a fade reads as low contrast.
 */
export async function captureChecked(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => `${name}: ${v.id}`)).toEqual([]);
  await page.screenshot({ path: `${outDir}${name}.png`, animations: 'disabled' });
}
