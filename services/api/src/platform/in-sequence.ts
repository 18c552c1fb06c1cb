import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Runs middlewares one after the other as a single router layer. Express walks, matches and
 * re-parses the URL for every layer of every router on every request; the middlewares that run
 * on every request cost a function call each this way. Errors, thrown or rejected, go to `next`
 * as Express would send them.
 */
export function inSequence(...handlers: RequestHandler[]): RequestHandler {
  // Built once; no named function is created per request (tsx's keepNames would define a
  // `name` property on each).
  return handlers.reduceRight<RequestHandler>(
    (rest, handler) => (req, res, next) =>
      run(handler, req, res, next, (error?: unknown) =>
        error ? next(error) : rest(req, res, next),
      ),
    (_req, _res, next) => next(),
  );
}

function run(
  handler: RequestHandler,
  req: Request,
  res: Response,
  fail: NextFunction,
  next: NextFunction,
): void {
  try {
    const result: unknown = handler(req, res, next);
    if (result instanceof Promise)
      result.catch((rejected: unknown) => fail(rejected ?? new Error('Rejected promise')));
  } catch (thrown) {
    fail(thrown);
  }
}
