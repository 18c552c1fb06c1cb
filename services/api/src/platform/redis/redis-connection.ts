import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from '#api/platform/logger';

/** One Redis user's outage log: `error` for every failure it hears of, `ready` once connected. */
export interface RedisOutageLog {
  error(error: Error): void;
  ready(): void;
  /** Redis is away: errors heard from its users now are that outage's, already logged. */
  readonly down: boolean;
}

/**
 * Logs a Redis outage once, not once per reconnection attempt: the first error while the
 * connection was up (or before it ever was) is a warning naming who lost Redis; the errors of
 * every retry after it are quiet until the connection is ready again, which is logged once too.
 */
export function redisOutageLog(logger: Logger, name: string): RedisOutageLog {
  let down = false;
  return {
    get down() {
      return down;
    },
    error(error) {
      if (down) return;
      down = true;
      logger.warn({ err: { message: error.message }, redis: name }, `${name}: Redis unreachable`);
    },
    ready() {
      if (!down) return;
      down = false;
      logger.info({ redis: name }, `${name}: Redis reachable again`);
    },
  };
}

/**
 * Every Redis client of the API: ioredis, with its errors and reconnections told to an outage
 * log (one warning per outage). Without an `error` listener ioredis prints "Unhandled error
 * event" on every retry while Redis is away.
 */
export function connectRedis(url: string, options: RedisOptions, outage: RedisOutageLog): Redis {
  const connection = new Redis(url, options);
  connection.on('error', (error: Error) => outage.error(error));
  connection.on('ready', () => outage.ready());
  return connection;
}
