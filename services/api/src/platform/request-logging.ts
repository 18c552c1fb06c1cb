import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { pathOnly, type Logger } from './logger';
import { contextOf, requestContextOf } from './request-context';

const REQUEST_ID = Symbol('requestId');
const LOGGER = Symbol('logger');

/** Probes are polled by orchestrators: logging each would drown the log. */
const QUIET_PATHS = new Set(['/api/health', '/api/ready']);

export function requestIdOf(req: Request): string {
  return (requestContextOf(req)[REQUEST_ID] as string | undefined) ?? '';
}

/** The process logger with the request's id, for errors that happen while answering it. */
export function requestLoggerOf(req: Request): Logger | undefined {
  const context = requestContextOf(req);
  const logger = context[LOGGER] as Logger | undefined;
  return logger?.child({ reqId: context[REQUEST_ID] });
}

/**
 * One log line per request when it finishes: id, method, path without the query string, status
 * and time; never cookies, headers or bodies. The correlation id comes from a well-formed
 * X-Request-Id or is made here, and is echoed back. Nothing is built when the line's level is off.
 */
export function requestLogging(
  logger: Logger,
  /** Also told of each response (the latency metrics), from the same 'finish' listener. */
  onFinished?: (req: Request, statusCode: number, seconds: number) => void,
): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id =
      typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    const context = contextOf(res);
    context[REQUEST_ID] = id;
    context[LOGGER] = logger;
    res.setHeader('X-Request-Id', id);
    if (QUIET_PATHS.has(pathOnly(req.url))) return next();
    const started = process.hrtime.bigint();
    // 'finish' comes once per response.
    res.on('finish', () => {
      const status = res.statusCode;
      const micros = Number((process.hrtime.bigint() - started) / 1000n);
      onFinished?.(req, status, micros / 1e6);
      const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          req: { id, method: req.method, path: pathOnly(req.originalUrl) },
          res: { statusCode: status },
          responseTime: micros / 1000,
        },
        'request completed',
      );
    });
    next();
  };
}
