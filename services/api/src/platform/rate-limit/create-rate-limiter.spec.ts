import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '#api/platform/errors';
import { captureLogs } from '#api/platform/jobs/capture-logs';
import { createRateLimiter } from './create-rate-limiter';
import { rateLimitPolicies } from './policies';

const policy = rateLimitPolicies.forgotPasswordPerEmail;
const open = (dataDir: string) =>
  createRateLimiter({ redisUrl: undefined, dataDir }, captureLogs().logger);

describe('createRateLimiter', () => {
  it('when REDIS_URL is unset it counts in DATA_DIR', async () => {
    const limiter = await open(mkdtempSync(join(tmpdir(), 'wr-limits-')));
    for (let i = 1; i <= 5; i += 1) await limiter.consume(policy, 'ann@example.com');
    await expect(limiter.consume(policy, 'ann@example.com')).rejects.toBeInstanceOf(
      RateLimitedError,
    );
    await limiter.close();
  });

  it('when the process restarts on the same DATA_DIR a used-up key is still limited', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wr-limits-'));
    const before = await open(dataDir);
    for (let i = 1; i <= 5; i += 1) await before.consume(policy, 'ann@example.com');
    await before.close();

    const after = await open(dataDir);
    try {
      await expect(after.consume(policy, 'ann@example.com')).rejects.toBeInstanceOf(
        RateLimitedError,
      );
      await expect(after.consume(policy, 'bob@example.com')).resolves.toMatchObject({
        remaining: 4,
      });
    } finally {
      await after.close();
    }
  });
});
