import { parse as parseCookies } from 'cookie';
import express, { type Request, type RequestHandler, type Router } from 'express';
import { join } from 'node:path';
import { SIGNED_IN_HINT_COOKIE } from '@whosright/contracts/shared/constants';
import {
  genericMeta,
  PAGE_NOT_FOUND,
  renderInlinedAnswers,
  renderMetaTags,
  type PageMetaSource,
} from './page-meta';
import { precompressed } from './precompressed';
import { currentWebBuild } from './web-build';

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Serves the built web app: files are sent precompressed where the browser accepts it, hashed
 * files under /assets are cached for a year and a missing one is a plain 404, everything else is
 * revalidated. Every other non-/api path gets index.html so the client router can handle it:
 * 200 for the app's routes, 404 for any other path and for a story that does not exist.
 */
export function webApp(
  distDir: string,
  options: {
    publicUrl: string;
    meta?: PageMetaSource;
    /** Answers every page carries, for anyone (the run-time config). */
    answers?: Readonly<Record<string, unknown>>;
  },
): Router {
  const router = express.Router();
  const assetsDir = join(distDir, 'assets');
  const build = currentWebBuild(distDir);

  router.use(precompressed(distDir));
  router.use(
    express.static(distDir, {
      index: false,
      setHeaders(res, path) {
        const hashed = path.startsWith(assetsDir);
        res.setHeader(
          'Cache-Control',
          hashed ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache',
        );
      },
    }),
  );
  router.use('/assets', missingAsset);
  router.get('/{*path}', async (req, res) => {
    const current = build();
    if (!current) return notBuilt(req, res, () => undefined);
    const found = await options.meta?.(req.path, { visitor: isVisitor(req) });
    const meta =
      found && found !== PAGE_NOT_FOUND ? found : genericMeta(options.publicUrl, req.path);
    const status = found === PAGE_NOT_FOUND || !current.isAppRoute(req.path) ? 404 : 200;
    const answers = { ...options.answers, ...meta.answers };
    const head = Object.keys(answers).length
      ? `${renderMetaTags(meta)}\n    ${renderInlinedAnswers(answers)}`
      : renderMetaTags(meta);
    res.removeHeader('Content-Encoding');
    res.setHeader('Cache-Control', 'no-cache');
    res.status(status).type('html').send(current.render(head));
  });
  return router;
}

/**
 * A request without the signed-in hint comes from a visitor, as the page itself will decide: it
 * asks who is signed in only when the hint is there.
 */
const isVisitor = (req: Request) =>
  !req.headers.cookie || parseCookies(req.headers.cookie)[SIGNED_IN_HINT_COOKIE] === undefined;

/** An asset of another build (or a typo): the page would be no use to a script or style tag. */
const missingAsset: RequestHandler = (_req, res) => {
  res.removeHeader('Content-Encoding');
  res.status(404).type('text').send('Not found');
};

const notBuilt: RequestHandler = (_req, res) => {
  res
    .status(503)
    .type('text')
    .send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
};
