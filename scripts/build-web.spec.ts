import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { htmlFirstLoad, readManifest } from './bench/web/first-load';
import { buildWeb } from './build-web';

const before = process.env.NODE_ENV;
const webDist = fileURLToPath(new URL('../web/dist', import.meta.url));

/**
 * A build made under NODE_ENV=development, and its scripts. `npm test` makes one (web/dist, which
 * the journeys then use) and says so in WEB_DIST_BUILT_UNDER_DEVELOPMENT: its scripts are the
 * last build's (web-build-swap.ts keeps older assets a while). Alone, the spec builds its own.
 */
function buildUnderDevelopment(): Build {
  if (process.env.WEB_DIST_BUILT_UNDER_DEVELOPMENT === '1') {
    const builds = JSON.parse(readFileSync(join(webDist, '.builds.json'), 'utf8')) as string[][];
    const latest = builds.at(-1) ?? [];
    return {
      dist: webDist,
      assets: join(webDist, 'assets'),
      scripts: latest.filter((n) => n.endsWith('.js')),
    };
  }
  process.env.NODE_ENV = 'development';
  const dist = join(mkdtempSync(join(tmpdir(), 'wr-build-')), 'dist');
  buildWeb({ dist });
  const assets = join(dist, 'assets');
  return { dist, assets, scripts: readdirSync(assets).filter((name) => name.endsWith('.js')) };
}

interface Build {
  dist: string;
  assets: string;
  scripts: string[];
}

let build: Build | undefined;
const builtUnderDevelopment = (): Build => (build ??= buildUnderDevelopment());

describe('npm run build', () => {
  afterEach(() => {
    process.env.NODE_ENV = before;
  });

  it('when NODE_ENV says development it still builds for production (no development bundle)', () => {
    const { assets, scripts } = builtUnderDevelopment();
    expect(scripts.length).toBeGreaterThan(0);
    const largest = Math.max(...scripts.map((name) => statSync(join(assets, name)).size));
    expect(largest).toBeLessThan(500_000);
    const all = scripts.map((name) => readFileSync(join(assets, name), 'utf8')).join('');
    // React's development build names its checks; the production one does not.
    expect(all).not.toContain('react-dom.development');
    expect(all).not.toContain('Warning: ');
  }, 120_000);

  it('when the HTML loads, what it fetches before the first render is at most 130 kB gzip', () => {
    const { dist } = builtUnderDevelopment();
    const beforeRender = htmlFirstLoad(dist, readManifest(dist));
    expect(beforeRender.files.length).toBeGreaterThan(0);
    expect(beforeRender.gzipBytes).toBeLessThanOrEqual(130_000);
  }, 120_000);
});
