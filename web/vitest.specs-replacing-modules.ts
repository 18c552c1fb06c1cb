import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const SPEC = /\.spec\.tsx?$/;
const REPLACES_MODULES = /\bvi\.(?:do)?mock\(/;

/**
 * The web specs that replace a module (`vi.mock`), as paths relative to `root`. Such a spec needs
 * a module graph of its own: in a shared one the real module may already be loaded by an earlier
 * file, and the replacement would not take.
 */
export function specsReplacingModules(root: string, folders: readonly string[]): string[] {
  return folders
    .flatMap((folder) => specsUnder(join(root, folder)))
    .filter((file) => REPLACES_MODULES.test(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file));
}

function specsUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return specsUnder(path);
    return SPEC.test(entry.name) ? [path] : [];
  });
}
