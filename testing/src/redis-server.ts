import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childExited } from './child-exit';
import { freePort } from './free-port';
import { executable, onPath, type LocalService } from './local-service';

/**
 * A throw-away `redis-server` for adapter contract suites and scale mode: started on a free
 * loopback port with persistence off, stopped after the suite. Nothing is written outside a temp dir.
 *
 *   describeWithService(redisServer, 'BullMQ job queue', () => {
 *     let redis: RedisServer;
 *     beforeAll(async () => { redis = await startRedisServer(); });
 *     afterAll(() => redis.stop());
 *     ...
 *   });
 */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>` */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * redis-server, for the suites that need one: `REDIS_SERVER_BIN` when set (a path that is not an
 * executable means "missing"), else the first on PATH.
 */
export const redisServer: LocalService = {
  name: 'redis-server',
  install: 'apt-get install redis-server',
  find: () => {
    const configured = process.env.REDIS_SERVER_BIN;
    return configured ? executable(configured) : onPath('redis-server');
  },
};

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let answer = '';
    socket.setTimeout(500);
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) {
        socket.destroy();
        resolve(answer.startsWith('+PONG'));
      }
    });
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(false));
  });
}

async function startOnce(
  binary: string,
  port: number,
  dir: string,
): Promise<RedisServer | undefined> {
  const child = spawn(
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--loglevel',
      'warning',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Never leave a server behind, even when the test process ends without calling stop().
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      if (/address already in use/i.test(output)) return undefined;
      throw new Error(`redis-server exited with code ${child.exitCode}: ${output.trim()}`);
    }
    if (await ping(port)) {
      return {
        url: `redis://127.0.0.1:${port}`,
        port,
        async stop() {
          child.kill('SIGTERM');
          await childExited(child);
          rmSync(dir, { recursive: true, force: true });
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not answer PING on port ${port} within 10 s: ${output.trim()}`);
}

/**
 * Starts redis-server on a free loopback port without persistence. Call `stop()` when done. With
 * `port` it starts on that one (an outage spec starts a server again where clients expect it).
 */
export async function startRedisServer(options: { port?: number } = {}): Promise<RedisServer> {
  const binary = redisServer.find();
  if (!binary) {
    throw new Error(`redis-server is not installed (${redisServer.install}) or not on PATH`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'wr-redis-'));
  if (options.port !== undefined) {
    const server = await startOnce(binary, options.port, dir);
    if (server) return server;
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`redis-server could not listen on port ${options.port}: it is in use`);
  }
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const server = await startOnce(binary, await freePort(), dir);
    if (server) return server;
  }
  rmSync(dir, { recursive: true, force: true });
  throw new Error('redis-server could not find a free port after 5 attempts');
}
