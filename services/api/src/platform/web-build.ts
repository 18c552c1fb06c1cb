import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { indexTemplate } from './page-meta';

const APP_ROUTES_FILE = 'app-routes.json';

/** What the server needs of one build of the web app (web/dist). */
export interface WebBuild {
  /** index.html with the page's tags put in. */
  render: (tags: string) => string;
  /** Whether the client router has a route for this path (else the page answers 404). */
  isAppRoute: (path: string) => boolean;
}

function routeMatcher(patterns: string[]): (path: string) => boolean {
  const regexes = patterns.map((pattern) => {
    if (pattern === '/') return /^\/?$/;
    const source = pattern
      .split('/')
      .map((segment) =>
        segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    return new RegExp(`^${source}/?$`);
  });
  return (path) => regexes.some((r) => r.test(path));
}

/** The build's route list (web/build-plugins/app-routes.ts); without one every path is a route. */
function readRoutes(distDir: string): (path: string) => boolean {
  try {
    const routes = JSON.parse(readFileSync(join(distDir, APP_ROUTES_FILE), 'utf8')) as string[];
    return routeMatcher(routes);
  } catch {
    return () => true;
  }
}

/**
 * The current build, read again whenever index.html changes: `npm run build` swaps a new build in
 * while the server runs (scripts/build-web.ts), and the page must name that build's assets. Null
 * while there is no build.
 */
export function currentWebBuild(distDir: string): () => WebBuild | null {
  const indexFile = join(distDir, 'index.html');
  let loaded: { key: string; build: WebBuild } | null = null;
  return () => {
    let key: string;
    try {
      const stat = statSync(indexFile);
      key = `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
    } catch {
      return null;
    }
    if (loaded?.key === key) return loaded.build;
    const build: WebBuild = {
      render: indexTemplate(readFileSync(indexFile, 'utf8')),
      isAppRoute: readRoutes(distDir),
    };
    loaded = { key, build };
    return build;
  };
}
