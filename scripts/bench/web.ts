/**
 * `npm run bench -- web`: builds the web app, starts the production server on a fresh demo
 * database, and runs Lighthouse (Debian's Chromium, CHROMIUM_PATH) in the mobile and desktop
 * presets on `/`, `/story/{id}`, `/login` and `/profile` (signed in), three runs each, printing the
 * median of each category and of the paint and layout metrics, and the lowest performance score of
 * the runs. Then each page's first-load JS (gzip, from the build's manifest), what the HTML loads
 * before the first render, and the largest chunk. Targets: mobile performance >= 95 on every run of
 * `/`, `/story/{id}` and `/login` (>= 90 for `/profile`), accessibility 100, best practices 100,
 * SEO >= 95; first-load JS of `/` and `/story/{id}`
 * <= 130 kB gzip, and so is what the HTML loads before the first render; no chunk over 500 kB raw.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type RunnerResult } from 'lighthouse';
import puppeteer, { type Browser, type CookieData } from 'puppeteer-core';
import { buildWeb } from '../build-web';
import { freePort, repoRoot, startNode, stop, waitFor } from './api/processes';
import { firstLoad, htmlFirstLoad, largestChunk, readManifest } from './web/first-load';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
} as const;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Page {
  name: string;
  path: string;
  routeFile: string;
  signedIn?: boolean;
  /** The lowest mobile performance score any run may have. */
  mobileTarget: number;
}

type Preset = 'mobile' | 'desktop';

interface Scores {
  categories: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<keyof typeof METRICS, number>;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

function scoresOf(result: RunnerResult): Scores {
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    categories: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    metrics: {
      FCP: metric(METRICS.FCP),
      LCP: metric(METRICS.LCP),
      TBT: metric(METRICS.TBT),
      CLS: metric(METRICS.CLS),
    },
  };
}

function medianScores(runs: Scores[]): Scores {
  const pick = <K extends string>(keys: readonly K[], get: (s: Scores, k: K) => number) =>
    Object.fromEntries(keys.map((k) => [k, median(runs.map((s) => get(s, k)))])) as Record<
      K,
      number
    >;
  return {
    categories: pick(CATEGORIES, (s, k) => s.categories[k]),
    metrics: pick(Object.keys(METRICS) as Array<keyof typeof METRICS>, (s, k) => s.metrics[k]),
  };
}

/** The audits that cost points outside performance, so a miss says why. */
function failedAudits(result: RunnerResult): string[] {
  const { categories, audits } = result.lhr;
  const failed = new Set<string>();
  for (const id of ['accessibility', 'best-practices', 'seo'])
    for (const ref of categories[id]?.auditRefs ?? []) {
      const audit = audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failed.add(ref.id);
    }
  return [...failed];
}

/** A fresh member's session cookies, as the browser would store them after signing up. */
async function signInCookies(base: string): Promise<CookieData[]> {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-${Date.now()}@example.com`,
      password: 'correct horse battery staple',
      firstName: 'Bench',
      lastName: 'Reader',
    }),
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  return res.headers.getSetCookie().map((header) => {
    const [pair = ''] = header.split(';');
    const at = pair.indexOf('=');
    return {
      name: pair.slice(0, at),
      value: pair.slice(at + 1),
      domain: new URL(base).hostname,
      path: '/',
    };
  });
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

/**
 * Lighthouse's figures for one page in one preset: the median of RUNS runs, the lowest performance
 * score of them, and the last run.
 */
async function measure(
  session: { base: string; chromePort: number; browser: Browser; cookies: CookieData[] },
  preset: Preset,
  page: Page,
): Promise<{ median: Scores; lowest: number; last: RunnerResult | undefined }> {
  const runs: Scores[] = [];
  let last: RunnerResult | undefined;
  while (runs.length < RUNS) {
    const flags: Flags = {
      port: session.chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // A storage reset would clear the member's cookies too.
      ...(page.signedIn ? { disableStorageReset: true } : {}),
    };
    const tab = page.signedIn ? await session.browser.newPage() : undefined;
    if (tab) await session.browser.setCookie(...session.cookies);
    const result = await lighthouse(
      `${session.base}${page.path}`,
      flags,
      preset === 'desktop' ? desktopConfig : undefined,
      tab,
    );
    await tab?.close();
    if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
    const failure = result.lhr.runtimeError;
    if (failure) {
      // A run that could not load the page scores 0: say so and run it again.
      console.log(`  ${preset} ${page.name}: run failed (${failure.code}), again`);
      continue;
    }
    runs.push(scoresOf(result));
    last = result;
  }
  return {
    median: medianScores(runs),
    lowest: Math.min(...runs.map((run) => run.categories.performance)),
    last,
  };
}

function tableRow(
  preset: Preset,
  page: Page,
  { categories: c, metrics }: Scores,
  lowest: number,
): string {
  return `| ${preset.padEnd(7)} | ${page.name.padEnd(11)} | ${String(c.performance).padStart(4)} | ${String(lowest).padStart(4)} | ${String(c.accessibility).padStart(4)} | ${String(c['best-practices']).padStart(4)} | ${String(c.seo).padStart(4)} | ${fmt(metrics.FCP).padStart(6)} | ${fmt(metrics.LCP).padStart(6)} | ${fmt(metrics.TBT).padStart(5)} | ${fmt(metrics.CLS, 3).padStart(5)} |`;
}

/** The mobile targets: the page's performance on every run, accessibility and best practices 100, SEO >= 95. */
function missesMobileTargets(page: Page, { categories: c }: Scores, lowest: number): boolean {
  return (
    lowest < page.mobileTarget || c.accessibility < 100 || c['best-practices'] < 100 || c.seo < 95
  );
}

function printTable(rows: readonly string[], misses: readonly string[]): void {
  console.log(
    `\nLighthouse 12, median of ${RUNS} runs, and the lowest performance of them (ms for FCP, LCP, TBT):\n`,
  );
  console.log(
    '| preset  | page        | perf |  low | a11y |   bp |  seo |    FCP |    LCP |   TBT |   CLS |',
  );
  console.log(
    '| ------- | ----------- | ---: | ---: | ---: | ---: | ---: | -----: | -----: | ----: | ----: |',
  );
  for (const row of rows) console.log(row);
  if (misses.length > 0) {
    console.log('\nMobile targets missed (audits that cost points, last run):');
    for (const miss of misses) console.log(`- ${miss}`);
  }
}

/** Each page's first-load JS against its target, and the largest chunk against its limit. */
function printBundleSizes(dist: string, pages: readonly Page[]): void {
  const manifest = readManifest(dist);
  const beforeRender = htmlFirstLoad(dist, manifest);
  console.log(
    `\nBefore the first render (the HTML's module scripts and preloads with their imports): ${(beforeRender.gzipBytes / 1000).toFixed(1)} kB gzip -9 in ${beforeRender.files.length} files ${beforeRender.gzipBytes <= 130_000 ? 'ok' : 'MISSED'} (target <= 130 kB)`,
  );
  console.log('\nFirst-load JS (gzip level 9; target <= 130 kB for / and /story/{id}):\n');
  for (const page of pages) {
    const load = firstLoad(dist, manifest, page.routeFile);
    const target = page.name === '/' || page.name === '/story/{id}' ? 130_000 : Infinity;
    const verdict = load.gzipBytes <= target ? 'ok' : 'MISSED';
    console.log(
      `  ${page.name.padEnd(11)} ${(load.gzipBytes / 1000).toFixed(1).padStart(6)} kB (${load.files.length} files)${Number.isFinite(target) ? ` ${verdict}` : ''}`,
    );
  }
  const largest = largestChunk(dist, manifest);
  console.log(
    `  largest chunk ${largest.file}: ${(largest.bytes / 1000).toFixed(1)} kB raw ${largest.bytes <= 500_000 ? 'ok' : 'MISSED'} (limit 500 kB)`,
  );
}

/** The first approved story of the demo database. */
async function firstStoryId(base: string): Promise<string> {
  const feed = (await (await fetch(`${base}/api/stories?limit=1`)).json()) as {
    items: Array<{ id: string }>;
  };
  const storyId = feed.items[0]?.id;
  if (!storyId) throw new Error('The demo database has no approved story');
  return storyId;
}

export async function run(): Promise<void> {
  console.log('Building the web app...');
  buildWeb();
  const dist = join(repoRoot, 'web/dist');

  const dataDir = mkdtempSync(join(tmpdir(), 'wr-bench-web-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startNode(join(repoRoot, 'services/api/src/app/main.ts'), [], {
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'bench-session-secret-bench-session-secret',
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    await waitFor(async () => (await fetch(`${base}/api/ready`)).ok, 60_000, 'the server');
    const storyId = await firstStoryId(base);
    const cookies = await signInCookies(base);
    // The signed-in page runs in a tab that holds the member's cookies (the page reads one).
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const session = { base, chromePort: chrome.port, browser, cookies };

    const pages: Page[] = [
      { name: '/', path: '/', routeFile: 'index.tsx', mobileTarget: 95 },
      {
        name: '/story/{id}',
        path: `/story/${storyId}`,
        routeFile: 'story.$id.tsx',
        mobileTarget: 95,
      },
      { name: '/login', path: '/login', routeFile: 'login.tsx', mobileTarget: 95 },
      {
        name: '/profile',
        path: '/profile',
        routeFile: 'profile.tsx',
        signedIn: true,
        mobileTarget: 90,
      },
    ];
    const rows: string[] = [];
    const misses: string[] = [];
    for (const preset of ['mobile', 'desktop'] as const) {
      for (const page of pages) {
        const { median: scores, lowest, last } = await measure(session, preset, page);
        rows.push(tableRow(preset, page, scores, lowest));
        if (preset === 'mobile' && missesMobileTargets(page, scores, lowest) && last)
          misses.push(`${page.name}: ${failedAudits(last).join(', ') || 'performance only'}`);
        console.log(rows.at(-1));
      }
    }
    printTable(rows, misses);
    printBundleSizes(dist, pages);
    await browser.disconnect();
  } finally {
    chrome.kill();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
