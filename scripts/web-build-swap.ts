/**
 * Puts a finished build of the web app in place of the one a server is serving, so a page load
 * during `npm run build` never meets a half-written build: the new hashed assets are added first
 * (their names never collide), then the other files, each replaced by an atomic rename, and
 * index.html last. Pages loaded before a swap still ask for their lazy chunks, so an asset is
 * removed only when neither of the last two builds uses it and it has been there an hour.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

/** Which assets the last two builds use (dist/.builds.json). */
const BUILDS_FILE = '.builds.json';
const ASSETS = 'assets';
/** Replaced last: it names the assets, which must all be there before it does. */
const LAST = ['index.html.br', 'index.html.gz', 'index.html'];

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(dir, name)).isFile())
    .sort();
}

function previousAssets(dist: string): string[] {
  try {
    const builds = JSON.parse(readFileSync(join(dist, BUILDS_FILE), 'utf8')) as string[][];
    return builds.at(-1) ?? [];
  } catch {
    // No record yet (a build from before this script): everything there counts as previous.
    return filesUnder(join(dist, ASSETS));
  }
}

/** Copies `from` over `to` by a rename, so a reader sees the old file or the new, never half. */
function replaceFile(from: string, to: string) {
  mkdirSync(dirname(to), { recursive: true });
  const temporary = `${to}.swap-${process.pid}`;
  copyFileSync(from, temporary);
  renameSync(temporary, to);
}

const ONE_HOUR_MS = 3_600_000;

/** Moves the build in `next` into `dist` (removing `next`). */
export function swapBuild(
  next: string,
  dist: string,
  { keepOldAssetsMs = ONE_HOUR_MS }: { keepOldAssetsMs?: number } = {},
): void {
  if (!existsSync(join(dist, 'index.html'))) {
    rmSync(dist, { recursive: true, force: true });
    renameSync(next, dist);
    writeFileSync(join(dist, BUILDS_FILE), JSON.stringify([filesUnder(join(dist, ASSETS))]));
    return;
  }
  const kept = previousAssets(dist);
  const added = filesUnder(join(next, ASSETS));
  for (const name of added) {
    const target = join(dist, ASSETS, name);
    if (!existsSync(target)) replaceFile(join(next, ASSETS, name), target);
  }
  const others = filesUnder(next).filter((name) => !name.startsWith(`${ASSETS}/`));
  const ordered = [
    ...others.filter((name) => !LAST.includes(name)),
    ...LAST.filter((name) => others.includes(name)),
  ];
  for (const name of ordered) replaceFile(join(next, name), join(dist, name));

  const keep = new Set([...kept, ...added]);
  const now = Date.now();
  for (const name of filesUnder(join(dist, ASSETS))) {
    const path = join(dist, ASSETS, name);
    if (!keep.has(name) && now - statSync(path).mtimeMs >= keepOldAssetsMs) rmSync(path);
  }
  writeFileSync(join(dist, BUILDS_FILE), JSON.stringify([kept, added]));
  rmSync(next, { recursive: true, force: true });
}
