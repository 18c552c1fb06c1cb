import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import request from 'supertest';
import { loadConfig, type Config } from '#api/platform/config';
import { createLogger } from '#api/platform/logger';
import { startWebServer, type RunningServer } from './server';

export interface TestServer {
  url: string;
  dataDir: string;
  config: Config & { sessionSecret: string };
  running: RunningServer;
  /** Every log line the server wrote. */
  logs: string[];
  /** A cookie-keeping client, like one browser, with its own client IP (X-Forwarded-For through the trusted loopback proxy). */
  agent(): ReturnType<typeof request.agent>;
  stop(): Promise<void>;
}

let clientCounter = 0;
function nextClientIp(): string {
  clientCounter += 1;
  return `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
}

/**
 * The real embedded server on a free loopback port with a fresh DATA_DIR; tests own its lifecycle.
 * A `DATA_DIR` in `env` restarts on that one instead, and `stop()` then leaves it in place.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: {
    webDist?: string;
    requestTimeoutMs?: number;
    descriptorLimit?: number;
    healthClock?: () => number;
  } = {},
): Promise<TestServer> {
  const ownDataDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'wr-api-'));
  const config = {
    ...loadConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      // Each agent is its own client address (X-Forwarded-For from loopback).
      TRUST_PROXY: 'loopback',
      // Specs play many writes of one account; the limits' own spec turns them on.
      WRITE_LIMITS: '0',
      ...env,
    }),
    sessionSecret: 'test-session-secret-that-is-long-enough-for-hs256',
  };
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const running = await startWebServer(config, createLogger(config, sink), {
    webDist: options.webDist ?? null,
    ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
    ...(options.descriptorLimit ? { descriptorLimit: options.descriptorLimit } : {}),
    ...(options.healthClock ? { healthClock: options.healthClock } : {}),
  });
  return {
    url: running.url,
    dataDir,
    config,
    running,
    logs,
    agent: () => request.agent(running.url).set('X-Forwarded-For', nextClientIp()),
    async stop() {
      await running.stop();
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
