import express, { type RequestHandler, type Router } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { genericMeta, indexTemplate, renderMetaTags, type PageMetaSource } from './page-meta';

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Serves the built web app: hashed files under /assets are cached for a year, everything
 * else is revalidated, and every non-/api path that is not a file gets index.html so the
 * client router can handle it.
 */
export function webApp(
  distDir: string,
  options: { publicUrl: string; meta?: PageMetaSource },
): Router {
  const router = express.Router();
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    router.use(notBuilt);
    return router;
  }
  const render = indexTemplate(readFileSync(indexFile, 'utf8'));

  router.use(
    express.static(distDir, {
      index: false,
      setHeaders(res, path) {
        const hashed = path.startsWith(join(distDir, 'assets'));
        res.setHeader(
          'Cache-Control',
          hashed ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache',
        );
      },
    }),
  );
  router.get('/{*path}', async (req, res) => {
    const meta = (await options.meta?.(req.path)) ?? genericMeta(options.publicUrl, req.path);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(render(renderMetaTags(meta)));
  });
  return router;
}

const notBuilt: RequestHandler = (_req, res) => {
  res
    .status(503)
    .type('text')
    .send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
};
