import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { pathOnly, type Logger } from './logger';

const REQUEST_ID = Symbol('requestId');
const LOGGER = Symbol('logger');
type Tagged = Request & { [REQUEST_ID]?: string; [LOGGER]?: Logger };

/** Probes are polled by orchestrators: logging each would drown the log. */
const QUIET_PATHS = new Set(['/api/health', '/api/ready']);

export function requestIdOf(req: Request): string {
  return (req as Tagged)[REQUEST_ID] ?? '';
}

/** The process logger with the request's id, for errors that happen while answering it. */
export function requestLoggerOf(req: Request): Logger | undefined {
  const tagged = req as Tagged;
  const logger = tagged[LOGGER];
  return logger?.child({ reqId: tagged[REQUEST_ID] });
}

/**
 * One log line per request when it finishes: id, method, path without the query string, status
 * and time; never cookies, headers or bodies. The correlation id comes from a well-formed
 * X-Request-Id or is made here, and is echoed back. Nothing is built when the line's level is off.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    const tagged = req as Tagged;
    tagged[REQUEST_ID] = id;
    tagged[LOGGER] = logger;
    res.setHeader('X-Request-Id', id);
    if (QUIET_PATHS.has(req.path)) return next();
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const status = res.statusCode;
      const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          req: { id, method: req.method, path: pathOnly(req.originalUrl) },
          res: { statusCode: status },
          responseTime: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        },
        'request completed',
      );
    });
    next();
  };
}
