import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildWeb } from './build-web';

const before = process.env.NODE_ENV;

describe('npm run build', () => {
  afterEach(() => {
    process.env.NODE_ENV = before;
  });

  it('when NODE_ENV says development it still builds for production (no development bundle)', () => {
    process.env.NODE_ENV = 'development';
    const dist = join(mkdtempSync(join(tmpdir(), 'wr-build-')), 'dist');
    buildWeb({ dist });
    const scripts = readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js'));
    const largest = Math.max(...scripts.map((name) => statSync(join(dist, 'assets', name)).size));
    expect(largest).toBeLessThan(500_000);
    const all = scripts.map((name) => readFileSync(join(dist, 'assets', name), 'utf8')).join('');
    // React's development build names its checks; the production one does not.
    expect(all).not.toContain('react-dom.development');
    expect(all).not.toContain('Warning: ');
  }, 120_000);
});
