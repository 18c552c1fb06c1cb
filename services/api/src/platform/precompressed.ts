import { existsSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { RequestHandler } from 'express';

/** The encodings the build writes beside each text file (web/build-plugins/precompress.ts). */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
  '.ico',
]);

/**
 * Serves a file's brotli or gzip copy when the browser accepts it: sets `Content-Encoding`,
 * the original's `Content-Type` and `Vary: Accept-Encoding`, and points the request at the copy
 * for the static handler that follows. Files without a copy pass through unchanged.
 */
export function precompressed(root: string): RequestHandler {
  const base = normalize(root + sep);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const ext = extname(req.path);
    if (!COMPRESSIBLE.has(ext)) return next();
    res.vary('Accept-Encoding');
    // Browsers list gzip first with the same weight; the smaller brotli copy wins.
    const encoding = ENCODINGS.find((e) => req.acceptsEncodings(e.name) === e.name);
    if (!encoding) return next();
    let path: string;
    try {
      path = normalize(join(base, decodeURIComponent(req.path)));
    } catch {
      return next();
    }
    if (!path.startsWith(base) || !existsSync(path + encoding.suffix)) return next();
    res.setHeader('Content-Encoding', encoding.name);
    res.type(ext);
    const query = req.url.indexOf('?');
    req.url = req.path + encoding.suffix + (query === -1 ? '' : req.url.slice(query));
    next();
  };
}
