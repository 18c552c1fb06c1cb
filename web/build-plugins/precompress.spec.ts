import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

import { precompressDir } from './precompress.ts';

describe('precompressDir', () => {
  it('when a copy is smaller than the text file it writes brotli and gzip copies of it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    const script = 'console.log("who is right?");\n'.repeat(100);
    writeFileSync(join(dir, 'app.js'), script);
    writeFileSync(join(dir, 'tiny.css'), 'a{}');
    writeFileSync(
      join(dir, 'small.js'),
      'export const a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";',
    );
    writeFileSync(join(dir, 'photo.png'), Buffer.alloc(4096));

    await precompressDir(dir);

    expect(readdirSync(dir).sort()).toEqual([
      'app.js',
      'app.js.br',
      'app.js.gz',
      'photo.png',
      'small.js',
      'small.js.br',
      'small.js.gz',
      'tiny.css',
    ]);
    expect(brotliDecompressSync(readFileSync(join(dir, 'app.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, 'app.js.gz'))).toString()).toBe(script);
  });
});
