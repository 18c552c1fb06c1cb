/**
 * First-load JS of a page, from the build's `.vite/manifest.json`: the entry chunk, the route's
 * component chunk (TanStack Router's code splitting) and every chunk they import statically,
 * each counted once, gzip level 9. Lazy chunks (dialogs, schemas) are not first-load.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface FirstLoad {
  files: string[];
  rawBytes: number;
  gzipBytes: number;
}

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/**
 * The key of a route's component chunk: named after its module, or, when Rollup merged that
 * module into a chunk other lazy modules import from, the entry's lazy chunk of the route's name.
 */
function routeChunk(manifest: Manifest, entry: string, routeFile: string): string {
  const key = `src/routes/${routeFile}?tsr-split=component`;
  if (manifest[key]) return key;
  const name = routeFile.replace(/\.tsx$/, '').replace(/\$/g, '_');
  const merged = manifest[entry]?.dynamicImports?.find((k) => manifest[k]?.name === name);
  if (!merged) throw new Error(`The manifest has no component chunk for ${routeFile}`);
  return merged;
}

/** `routeFile` as in web/src/routes, e.g. `index.tsx` or `story.$id.tsx`. */
export function firstLoad(dist: string, manifest: Manifest, routeFile: string): FirstLoad {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The manifest has no entry chunk');
  const route = routeChunk(manifest, entry, routeFile);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entry);
  visit(route);
  const files = [...seen].map((key) => manifest[key]?.file ?? key).filter((f) => f.endsWith('.js'));
  return gzipTotals(dist, files);
}

function gzipTotals(dist: string, files: string[]): FirstLoad {
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const content = readFileSync(join(dist, file));
    rawBytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  return { files, rawBytes, gzipBytes };
}

/**
 * What the built HTML has the browser load before anything renders: its module scripts and
 * modulepreloads, with every chunk they import statically, each counted once, gzip level 9.
 */
export function htmlFirstLoad(dist: string, manifest: Manifest): FirstLoad {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  const named = tags
    .filter((tag) => /type="module"/.test(tag) || /rel="modulepreload"/.test(tag))
    .map((tag) => /(?:src|href)="\/?([^"]+\.js)"/.exec(tag)?.[1])
    .filter((file): file is string => file !== undefined);
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const key = keyOf.get(file);
    for (const imported of (key && manifest[key]?.imports) || []) {
      const next = manifest[imported]?.file;
      if (next) visit(next);
    }
  };
  named.forEach(visit);
  return gzipTotals(dist, [...files]);
}

/** The largest chunk of the build, raw. */
export function largestChunk(dist: string, manifest: Manifest): { file: string; bytes: number } {
  let largest = { file: '', bytes: 0 };
  for (const chunk of Object.values(manifest)) {
    if (!chunk.file.endsWith('.js')) continue;
    const bytes = readFileSync(join(dist, chunk.file)).length;
    if (bytes > largest.bytes) largest = { file: chunk.file, bytes };
  }
  return largest;
}
