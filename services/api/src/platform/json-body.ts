import express, { type Request, type RequestHandler } from 'express';

/** As body-parser (type-is) decides it: a Transfer-Encoding, or a Content-Length that is a number. */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(req.headers['content-length'] ?? Number.NaN));
}

/** express.json, not even entered for the many requests without a body: its own checks cost more than this one. */
export function jsonBodyParser(limit: string): RequestHandler {
  const parse = express.json({ limit, strict: true });
  return (req, res, next) => (hasBody(req) ? parse(req, res, next) : next());
}
