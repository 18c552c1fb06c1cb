import type { Request, Response } from 'express';

/**
 * Per-request values of the platform (request id, logger, who is asking), kept in `res.locals`,
 * which Express creates for every request anyway. A property added to the request itself costs
 * V8 a new object shape on every request (Express swaps each request's prototype), several
 * microseconds each; a key in the locals dictionary costs next to nothing.
 */
export function contextOf(res: Response): Record<symbol, unknown> {
  return res.locals as Record<symbol, unknown>;
}

/** The same, from the request Express links to its response. */
export function requestContextOf(req: Request): Record<symbol, unknown> {
  return contextOf(req.res!);
}
