import { pino, type Logger } from 'pino';
import type { Config } from './config';

export type { Logger };

/**
 * One logger for the process. Cookies, authorization headers and bodies are never logged:
 * request lines carry method, path (no query string: reset links carry tokens), status, time.
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'nodeEnv'>,
  destination?: pino.DestinationStream,
): Logger {
  return pino(
    {
      level: config.logLevel,
      base: undefined,
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
          '*.password',
          '*.token',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/** The path of a request URL without its query string. */
export function pathOnly(url: string | undefined): string {
  if (!url) return '';
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}
