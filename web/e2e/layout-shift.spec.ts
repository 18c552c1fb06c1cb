/**
 * Nothing moves once drawn: each screen, loaded afresh on a phone (390x844) in light and dark,
 * on a slow phone and network (Chromium's CPU throttled 4x, the network at Lighthouse's slow 4G),
 * gathers the browser's own layout-shift entries (PerformanceObserver) until everything late has
 * arrived, and their cumulative score (CLS: the largest window of shifts less than 1 s apart,
 * at most 5 s long) stays under 0.02. On failure it names the elements that moved.
 */
import type { Browser, Page } from '@playwright/test';

import {
  adminAccount,
  approvedStory,
  newAccount,
  postComment,
  signUp,
  uniqueEmail,
} from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { consentedPage } from './support/pages.ts';
import { ADMIN_EMAIL } from './support/start-server.ts';

const CLS_LIMIT = 0.02;
const PHONE = { width: 390, height: 844 };

interface Shift {
  value: number;
  startTime: number;
  sources: string[];
}

/** Records every layout shift not caused by input, with what moved, from the first paint on. */
function recordShifts() {
  const shifts: Array<{ value: number; startTime: number; sources: string[] }> = [];
  (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
  const describe = (node: Node | null | undefined): string => {
    if (!(node instanceof Element)) return node?.nodeName ?? '?';
    const label = node.getAttribute('aria-labelledby') ?? node.getAttribute('aria-label');
    const classes = [...node.classList].slice(0, 3).join('.');
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${label ? `[${label}]` : ''}${classes ? `.${classes}` : ''}`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as Array<{
      value: number;
      startTime: number;
      hadRecentInput: boolean;
      sources?: Array<{ node?: Node }>;
    }>) {
      if (entry.hadRecentInput) continue;
      shifts.push({
        value: entry.value,
        startTime: entry.startTime,
        sources: (entry.sources ?? []).map((source) => describe(source.node)),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** CLS as browsers define it: the largest session window of shifts. */
function cumulativeLayoutShift(shifts: readonly Shift[]): number {
  let largest = 0;
  let window = 0;
  let first = -Infinity;
  let previous = -Infinity;
  for (const shift of shifts) {
    if (shift.startTime - previous > 1_000 || shift.startTime - first > 5_000) {
      window = 0;
      first = shift.startTime;
    }
    window += shift.value;
    previous = shift.startTime;
    largest = Math.max(largest, window);
  }
  return largest;
}

/** A phone on a slow network: Lighthouse's mobile throttling, applied by Chromium itself. */
async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

async function loadAndMeasure(
  page: Page,
  path: string,
  settled: (page: Page) => Promise<void>,
): Promise<{ cls: number; shifts: Shift[] }> {
  await page.setViewportSize(PHONE);
  await page.addInitScript(recordShifts);
  await slowPhone(page);
  await page.goto(path);
  await settled(page);
  await page.waitForLoadState('networkidle');
  // Two frames after the last response: whatever it brought has been laid out.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
  return { cls: cumulativeLayoutShift(shifts), shifts };
}

function expectSteady(name: string, { cls, shifts }: { cls: number; shifts: Shift[] }) {
  const moved = shifts.map((s) => `${s.value.toFixed(4)} ${s.sources.join(', ')}`);
  console.log(`CLS ${name}: ${cls.toFixed(4)}\n  ${moved.join('\n  ')}`);
  expect(cls, `${name} moved:\n${moved.join('\n')}`).toBeLessThan(CLS_LIMIT);
}

async function pageFor(browser: Browser, clientIp: string, colorScheme: 'light' | 'dark') {
  return consentedPage(browser, clientIp, { colorScheme });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`layout shift on a phone, ${colorScheme}`, () => {
    test(`when the story screen loads for a visitor and for a member who voted nothing moves (${colorScheme})`, async ({
      browser,
      clientIp,
    }) => {
      test.setTimeout(90_000);
      const story = await approvedStory(clientIp);
      const commenter = await newAccount(clientIp);
      await commenter.api.post(`/api/stories/${story.id}/vote`, { data: { vote: 'he' } });
      await postComment(commenter.api, story.id, 'He is right, the dishes were his to do.');
      await commenter.api.dispose();

      const visitor = await pageFor(browser, clientIp, colorScheme);
      expectSteady(
        `/story/{id} visitor ${colorScheme}`,
        await loadAndMeasure(visitor, `/story/${story.id}`, async (page) => {
          await expect(page.getByText(story.content)).toBeVisible();
          await expect(page.getByRole('button', { name: /He's Right/ })).toBeVisible();
        }),
      );
      await visitor.context().close();

      const member = await pageFor(browser, clientIp, colorScheme);
      await signUp(member.request, { email: uniqueEmail('steady') });
      expect(
        (
          await member.request.post(`/api/stories/${story.id}/vote`, { data: { vote: 'she' } })
        ).status(),
      ).toBe(200);
      expectSteady(
        `/story/{id} member ${colorScheme}`,
        await loadAndMeasure(member, `/story/${story.id}`, async (page) => {
          await expect(page.getByText('He is right, the dishes were his to do.')).toBeVisible();
        }),
      );
      await member.context().close();
    });

    test(`when the feed, the profile and the admin panel load nothing moves (${colorScheme})`, async ({
      browser,
      clientIp,
    }) => {
      test.setTimeout(90_000);
      await approvedStory(clientIp);
      const visitor = await pageFor(browser, clientIp, colorScheme);
      expectSteady(
        `/ ${colorScheme}`,
        await loadAndMeasure(visitor, '/', async (page) => {
          await expect(page.getByRole('article').first()).toBeVisible();
        }),
      );
      await visitor.context().close();

      const member = await pageFor(browser, clientIp, colorScheme);
      await signUp(member.request, { email: uniqueEmail('steady') });
      expectSteady(
        `/profile ${colorScheme}`,
        await loadAndMeasure(member, '/profile', async (page) => {
          await expect(page.getByRole('tab').first()).toBeVisible();
        }),
      );
      await member.context().close();

      await (await adminAccount(clientIp)).api.dispose();
      const admin = await pageFor(browser, clientIp, colorScheme);
      await signUp(admin.request, { email: ADMIN_EMAIL });
      expectSteady(
        `/admin ${colorScheme}`,
        await loadAndMeasure(admin, '/admin', async (page) => {
          await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
          await expect(page.getByRole('tab').first()).toBeVisible();
        }),
      );
      await admin.context().close();
    });
  });
}
