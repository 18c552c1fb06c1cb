import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { webApp } from '../services/api/src/platform/web-app';
import { writeFakeBuild } from './fixtures/swap/swap-builds';
import { swapBuild } from './web-build-swap';

const swapScript = fileURLToPath(new URL('./fixtures/swap/swap-builds.ts', import.meta.url));

function freshDist() {
  return join(mkdtempSync(join(tmpdir(), 'wr-swap-')), 'dist');
}

/** Swaps build `n` in; old assets go as soon as two newer builds do not use them. */
function build(dist: string, n: number) {
  const next = `${dist}.next-${n}`;
  writeFakeBuild(next, n);
  swapBuild(next, dist, { keepOldAssetsMs: 0 });
}

const assets = (dist: string) => readdirSync(join(dist, 'assets')).sort();

describe('swapping a web build in', () => {
  it('when there is no build yet the new one becomes it', () => {
    const dist = freshDist();
    build(dist, 1);
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toContain('app-1.js');
    expect(existsSync(`${dist}.next-1`)).toBe(false);
  });

  it('when a build replaces another the previous assets stay for open pages, older ones go after their hour', () => {
    const dist = freshDist();
    build(dist, 1);
    build(dist, 2);
    expect(assets(dist)).toEqual(['app-1.css', 'app-1.js', 'app-2.css', 'app-2.js']);
    build(dist, 3);
    expect(assets(dist)).toEqual(['app-2.css', 'app-2.js', 'app-3.css', 'app-3.js']);
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toContain('app-3.js');
    expect(readFileSync(join(dist, 'robots.txt'), 'utf8')).toContain('build 3');
    expect(existsSync(`${dist}.next-3`)).toBe(false);
    const next = `${dist}.next-4`;
    writeFakeBuild(next, 4);
    swapBuild(next, dist);
    expect(assets(dist)).toEqual([
      'app-2.css',
      'app-2.js',
      'app-3.css',
      'app-3.js',
      'app-4.css',
      'app-4.js',
    ]);
  });

  it('when builds are swapped in while the server serves, every page it sends can load its assets', async () => {
    const dist = freshDist();
    build(dist, 0);
    const app = express().use(webApp(dist, { publicUrl: 'http://localhost' }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const swapper = spawn(process.execPath, ['--import', 'tsx', swapScript, dist, '1', '40'], {
      stdio: 'inherit',
    });
    const swapped = new Promise<number | null>((resolve) => swapper.once('exit', resolve));
    let done = false;
    void swapped.then(() => (done = true));

    const failures: string[] = [];
    let pages = 0;
    try {
      while (!done) {
        const page = await fetch(`${base}/`);
        const html = await page.text();
        pages += 1;
        if (page.status !== 200) failures.push(`/ -> ${page.status}`);
        for (const [, path] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) {
          const asset = await fetch(`${base}${path}`);
          await asset.arrayBuffer();
          if (asset.status !== 200) failures.push(`${path} -> ${asset.status}`);
        }
      }
    } finally {
      server.close();
    }
    expect(await swapped).toBe(0);
    expect(pages).toBeGreaterThan(5);
    expect(failures).toEqual([]);
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toContain('app-40.js');
  });
});
