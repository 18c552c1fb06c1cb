import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { buildWeb } from './build-web';

const before = process.env.NODE_ENV;
const webDist = fileURLToPath(new URL('../web/dist', import.meta.url));

/**
 * A build made under NODE_ENV=development, and its scripts. `npm test` makes one (web/dist, which
 * the journeys then use) and says so in WEB_DIST_BUILT_UNDER_DEVELOPMENT: its scripts are the
 * last build's (web-build-swap.ts keeps older assets a while). Alone, the spec builds its own.
 */
function builtUnderDevelopment(): { assets: string; scripts: string[] } {
  if (process.env.WEB_DIST_BUILT_UNDER_DEVELOPMENT === '1') {
    const builds = JSON.parse(readFileSync(join(webDist, '.builds.json'), 'utf8')) as string[][];
    const latest = builds.at(-1) ?? [];
    return { assets: join(webDist, 'assets'), scripts: latest.filter((n) => n.endsWith('.js')) };
  }
  process.env.NODE_ENV = 'development';
  const dist = join(mkdtempSync(join(tmpdir(), 'wr-build-')), 'dist');
  buildWeb({ dist });
  const assets = join(dist, 'assets');
  return { assets, scripts: readdirSync(assets).filter((name) => name.endsWith('.js')) };
}

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
});
