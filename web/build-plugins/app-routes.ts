/**
 * Writes `app-routes.json` into the build: the paths of the file routes in src/routes
 * (`story.$id.tsx` -> `/story/$id`), so the server answers any other path 404 (with the app's
 * not-found screen) without keeping its own copy of the route list.
 */
import { readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

export const APP_ROUTES_FILE = 'app-routes.json';

/** The route path of a flat TanStack file route name; null for the root layout and non-routes. */
export function routePathOf(fileName: string): string | null {
  const match = /^([^_][^]*)\.tsx$/.exec(fileName);
  if (!match) return null;
  const segments = match[1]!.split('.').filter((s) => s !== 'index');
  return `/${segments.join('/')}`;
}

export function appRoutes(routesDir: string): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'whosright:app-routes',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const paths = readdirSync(resolve(root, routesDir))
        .map(routePathOf)
        .filter((p): p is string => p !== null)
        .sort();
      await writeFile(join(outDir, APP_ROUTES_FILE), `${JSON.stringify(paths)}\n`);
    },
  };
}
