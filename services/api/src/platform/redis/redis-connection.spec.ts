import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '#api/platform/logger';
import { connectRedis, redisOutageLog } from './redis-connection';

/** The app's pino logger, writing JSON lines into `lines`. */
function capturingLogger() {
  const lines: Array<{ level: number; msg: string }> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as { level: number; msg: string });
      done();
    },
  });
  return { lines, logger: createLogger({ logLevel: 'info', nodeEnv: 'test' }, sink) };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const WARN = 40;
const INFO = 30;

describe('a Redis outage in the log', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('when Redis stays unreachable through many retries it warns once and ioredis prints no unhandled error', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { lines, logger } = capturingLogger();
    const redis = connectRedis(
      `redis://127.0.0.1:${await closedPort()}`,
      { retryStrategy: () => 5, maxRetriesPerRequest: null },
      redisOutageLog(logger, 'rate limits'),
    );
    let failures = 0;
    redis.on('error', () => failures++);
    try {
      await vi.waitFor(() => expect(failures).toBeGreaterThanOrEqual(5), { timeout: 5_000 });
    } finally {
      redis.disconnect();
    }
    expect(lines.filter((line) => line.level === WARN)).toEqual([
      expect.objectContaining({ msg: 'rate limits: Redis unreachable', redis: 'rate limits' }),
    ]);
    expect(printed).not.toHaveBeenCalledWith(
      expect.stringContaining('Unhandled error event'),
      expect.anything(),
    );
  });

  it('when Redis comes back and goes away again it says so once and warns again', () => {
    const { lines, logger } = capturingLogger();
    const outage = redisOutageLog(logger, 'job queue');
    const refused = new Error('connect ECONNREFUSED');
    outage.ready();
    outage.error(refused);
    outage.error(refused);
    expect(outage.down).toBe(true);
    outage.ready();
    outage.ready();
    expect(outage.down).toBe(false);
    outage.error(refused);
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [WARN, 'job queue: Redis unreachable'],
      [INFO, 'job queue: Redis reachable again'],
      [WARN, 'job queue: Redis unreachable'],
    ]);
  });
});
