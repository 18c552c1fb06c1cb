import { Writable } from 'node:stream';
import { createLogger, type Logger } from '#api/platform/logger';

/** For tests: a real pino logger whose JSON lines are kept in memory. */
export function captureLogs(): {
  logger: Logger;
  entries: () => Record<string, unknown>[];
  text: () => string;
} {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = createLogger({ logLevel: 'debug', nodeEnv: 'test' }, stream);
  return {
    logger,
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => lines.join(''),
  };
}
