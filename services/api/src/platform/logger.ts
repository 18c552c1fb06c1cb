import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config';

export type { Logger };

/** What the default destination needs of the output stream. */
export type Output = NodeJS.WritableStream & { isTTY?: boolean };

/**
 * Where the log goes: one readable line per event on a terminal while developing; JSON lines
 * (pino's default, undefined here) in production and whenever the output is a pipe or a file,
 * for log collectors.
 */
export function defaultDestination(
  nodeEnv: Config['nodeEnv'],
  output: Output = process.stdout,
): pino.DestinationStream | undefined {
  if (nodeEnv === 'production' || !output.isTTY) return undefined;
  return pretty({
    destination: output,
    sync: true,
    colorize: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
  });
}

/**
 * One logger for the process. Cookies, authorization headers and bodies are never logged:
 * request lines carry method, path (no query string: reset links carry tokens), status, time.
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'nodeEnv'>,
  destination: pino.DestinationStream | undefined = defaultDestination(config.nodeEnv),
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
