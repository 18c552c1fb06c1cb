/**
 * The docs' pictures and the axe check that goes with each. Every screen pictured in
 * docs/screenshots/ is checked by axe in the journeys (`npm test`); the pictures themselves are
 * saved only under `npm run screenshots` (web/playwright.screenshots.config.ts sets
 * E2E_SCREENSHOTS=1), so a test run never rewrites tracked files.
 */
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { axe } from './axe.ts';

const outDir = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

/** Whether this run saves the docs' pictures (`npm run screenshots`). */
const savingPictures = process.env.E2E_SCREENSHOTS === '1';

/** The tag of every journey that saves a picture: `npm run screenshots` runs those. */
export const PICTURES = { tag: '@screenshots' } as const;

interface ShotSize {
  name: string;
  width: number;
  height: number;
}

/** The sizes every screen is captured at: a phone and a desktop. */
export const SHOT_VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const satisfies readonly ShotSize[];

const SHOT_SCHEMES = ['light', 'dark'] as const;
type ColorScheme = (typeof SHOT_SCHEMES)[number];

/** Waits until no finite animation or transition runs (a sheet fading in, colours changing). */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

/**
 * Checks the page with axe, then (under `npm run screenshots`) saves
 * `docs/screenshots/<name>.png`. Both wait for animations to end first: axe measures colours as
 * they are drawn, and one caught half-way through a fade reads as low contrast.
 */
export async function captureChecked(page: Page, name: string): Promise<void> {
  await animationsDone(page);
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => `${name}: ${v.id}`)).toEqual([]);
  if (savingPictures)
    await page.screenshot({ path: `${outDir}${name}.png`, animations: 'disabled' });
}

/**
 * The screen as it stands, at each size in each colour scheme, resized and re-coloured in place
 * (the app's layout and theme follow CSS media queries only, so this is the screen a reader at
 * that size and scheme gets): each checked by axe and pictured as `<name>-<size>-<scheme>`.
 * `frame` runs after each resize, from the top of the page, to scroll what the picture is about
 * into view.
 */
export async function captureEverywhere(
  page: Page,
  name: string,
  {
    sizes = SHOT_VIEWPORTS,
    schemes = SHOT_SCHEMES,
    frame,
  }: {
    sizes?: readonly ShotSize[];
    schemes?: readonly ColorScheme[];
    frame?: (size: ShotSize) => Promise<void>;
  } = {},
): Promise<void> {
  for (const colorScheme of schemes) {
    await page.emulateMedia({ colorScheme });
    for (const size of sizes) {
      await page.setViewportSize({ width: size.width, height: size.height });
      if (frame) {
        // From the top, as a page loaded at this size would be, then to what it frames.
        await page.evaluate(() => window.scrollTo(0, 0));
        await frame(size);
      }
      await captureChecked(page, `${name}-${size.name}-${colorScheme}`);
    }
  }
}
