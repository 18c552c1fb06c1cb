import express, { type NextFunction, type Request, type RequestHandler } from 'express';

/** As body-parser (type-is) decides it: a Transfer-Encoding, or a Content-Length that is a number. */
function hasBody(req: Request): boolean {
  return (
    req.headers['transfer-encoding'] !== undefined ||
    !Number.isNaN(Number(req.headers['content-length'] ?? Number.NaN))
  );
}

/** Content-Type values that are JSON in UTF-8 beyond doubt; anything else is left to type-is. */
const PLAIN_JSON_TYPES = new Set([
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=utf-8',
]);

export function isPlainJsonType(req: Request): boolean {
  const type = req.headers['content-type'];
  return type !== undefined && PLAIN_JSON_TYPES.has(type.toLowerCase());
}

/** The declared size of a body body-parser would read as is: JSON in UTF-8, not compressed, within the limit. */
function plainJsonLength(req: Request, limitBytes: number): number | undefined {
  const length = req.headers['content-length'];
  if (
    length === undefined ||
    !/^\d{1,9}$/.test(length) ||
    req.headers['transfer-encoding'] !== undefined
  )
    return undefined;
  const encoding = req.headers['content-encoding'];
  if ((encoding !== undefined && encoding.toLowerCase() !== 'identity') || !isPlainJsonType(req))
    return undefined;
  const bytes = Number(length);
  return bytes <= limitBytes ? bytes : undefined;
}

function bodyError(message: string, type: string): Error {
  return Object.assign(new Error(message), { status: 400, statusCode: 400, expose: true, type });
}

/** body-parser's strict JSON: an empty body is {}, anything else must be an object or an array. */
function parseStrict(text: string): unknown {
  if (text.length === 0) return {};
  const first = /^[ \t\n\r]*(.)/s.exec(text)?.[1];
  if (first !== '{' && first !== '[')
    throw new SyntaxError(`Unexpected token ${first ?? 'end'} in JSON`);
  return JSON.parse(text);
}

interface Reading {
  chunks: Buffer[];
  received: number;
  settled: boolean;
  next: NextFunction;
}

function settle(reading: Reading, error?: Error): void {
  if (reading.settled) return;
  reading.settled = true;
  reading.next(error);
}

function finish(req: Request, bytes: number, reading: Reading): void {
  if (reading.received !== bytes)
    return settle(
      reading,
      bodyError('request size did not match content length', 'request.size.invalid'),
    );
  let text = Buffer.concat(reading.chunks, reading.received).toString('utf8');
  // iconv-lite, which body-parser decodes with, drops a byte order mark.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    req.body = parseStrict(text);
  } catch (error) {
    return settle(reading, bodyError((error as Error).message, 'entity.parse.failed'));
  }
  settle(reading);
}

// The per-request callbacks stay anonymous: tsx's keepNames would give each named one a `name`.
function readPlainJson(req: Request, bytes: number, next: NextFunction): void {
  const reading: Reading = { chunks: [], received: 0, settled: false, next };
  req.on('data', (chunk: Buffer) => {
    reading.received += chunk.length;
    reading.chunks.push(chunk);
  });
  req.on('end', () => finish(req, bytes, reading));
  req.on('error', () => settle(reading, bodyError('request aborted', 'request.aborted')));
  req.on('close', () => {
    if (!req.complete) settle(reading, bodyError('request aborted', 'request.aborted'));
  });
}

/**
 * express.json, not entered at all for the many requests without a body, and skipped for the
 * usual one (declared length within the limit, plain UTF-8 JSON, not compressed), which is read
 * and parsed here the way body-parser would: its stream and charset machinery cost a vote more
 * than the rest of its HTTP handling. Everything else still goes through express.json.
 */
export function jsonBodyParser(limitBytes: number): RequestHandler {
  const parse = express.json({ limit: limitBytes, strict: true });
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    const bytes = plainJsonLength(req, limitBytes);
    if (bytes === undefined) return parse(req, res, next);
    readPlainJson(req, bytes, next);
  };
}
