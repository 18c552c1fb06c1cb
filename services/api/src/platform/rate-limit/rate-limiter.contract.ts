import express from 'express';
import request from 'supertest';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { RATE_LIMIT_MESSAGE } from '@whosright/contracts/shared/constants';
import { errorBodySchema } from '@whosright/contracts/shared/errors';
import { errorHandler } from '#api/platform/error-handler';
import { RateLimitedError } from '#api/platform/errors';
import { parseBody } from '#api/testing/parse-body';
import { rateLimitPolicies as policies } from './policies';
import { byEmail, byEmailAndIp, byIp, rateLimit } from './rate-limit-middleware';
import type { RateLimiter } from './rate-limiter';

/** A stand-in for the accounts routes: the real policies, keys and error handler. */
function accountsApp(limiter: RateLimiter) {
  const app = express();
  app.set('trust proxy', true);
  app.use(express.json());
  app.post(
    '/api/login',
    rateLimit(limiter, policies.signInPerIp, byIp),
    rateLimit(limiter, policies.signInPerEmailAndIp, byEmailAndIp),
    (_req, res) =>
      void res
        .status(401)
        .json({ message: 'Unauthorized: wrong e-mail or password', code: 'unauthorized' }),
  );
  app.post(
    '/api/forgot-password',
    rateLimit(limiter, policies.forgotPasswordPerEmail, byEmail),
    (_req, res) => void res.status(204).end(),
  );
  app.post(
    '/api/register',
    rateLimit(limiter, policies.registrationPerIp, byIp),
    (_req, res) => void res.status(201).json({}),
  );
  app.use(errorHandler);
  return app;
}

/**
 * The one contract every RateLimiter adapter passes. `makeLimiter` answers a fresh limiter with
 * its own counters for each test.
 */
export function rateLimiterContract(makeLimiter: () => RateLimiter | Promise<RateLimiter>): void {
  let limiter: RateLimiter;
  let app: ReturnType<typeof accountsApp>;

  beforeEach(async () => {
    limiter = await makeLimiter();
    app = accountsApp(limiter);
  });

  afterEach(async () => {
    await limiter.close();
  });

  const signIn = (email: string, ip = '203.0.113.7') =>
    request(app).post('/api/login').set('X-Forwarded-For', ip).send({ email, password: 'wrong' });

  it('when the 11th sign-in attempt comes within 15 minutes it gets 429 with Retry-After', async () => {
    for (let i = 1; i <= 10; i += 1) expect((await signIn('ann@example.com')).status).toBe(401);
    const blocked = await signIn('ann@example.com');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: RATE_LIMIT_MESSAGE, code: 'rate_limited' });
    expect(parseBody(blocked, errorBodySchema).message).toMatch(/^Rate limit exceeded/);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('when e-mails differ their sign-in attempts are counted apart', async () => {
    for (let i = 1; i <= 10; i += 1) await signIn('ann@example.com');
    expect((await signIn('ann@example.com')).status).toBe(429);
    expect((await signIn('bob@example.com')).status).toBe(401);
  });

  it('when the same e-mail signs in from another IP it is counted apart', async () => {
    for (let i = 1; i <= 11; i += 1) await signIn('ann@example.com', '203.0.113.7');
    expect((await signIn('ann@example.com', '198.51.100.9')).status).toBe(401);
  });

  it('when an e-mail differs only in case and spaces it is the same counter', async () => {
    for (let i = 1; i <= 10; i += 1) await signIn('ann@example.com');
    expect((await signIn('  ANN@Example.com ')).status).toBe(429);
  });

  it('when one IP tries 100 sign-ins over many e-mails the 101st gets 429 and other IPs still pass', async () => {
    for (let i = 1; i <= 100; i += 1)
      expect((await signIn(`user${i}@example.com`)).status).toBe(401);
    const blocked = await signIn('fresh@example.com');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(15 * 60);
    expect((await signIn('fresh@example.com', '198.51.100.9')).status).toBe(401);
  });

  it('when the 6th forgot-password request for an e-mail comes within an hour it gets 429', async () => {
    const forgot = (email: string) => request(app).post('/api/forgot-password').send({ email });
    for (let i = 1; i <= 5; i += 1) expect((await forgot('ann@example.com')).status).toBe(204);
    expect((await forgot('ann@example.com')).status).toBe(429);
    expect((await forgot('bob@example.com')).status).toBe(204);
  });

  it('when one IP registers an 11th time within an hour it gets 429', async () => {
    const register = () =>
      request(app).post('/api/register').set('X-Forwarded-For', '203.0.113.7').send({});
    for (let i = 1; i <= 10; i += 1) expect((await register()).status).toBe(201);
    expect((await register()).status).toBe(429);
  });

  it('when a key is checked it counts nothing, and refuses once the key has used up the policy', async () => {
    const policy = { name: 'checked', points: 2, durationSeconds: 60 };
    await expect(limiter.check(policy, 'k')).resolves.toBeUndefined();
    await limiter.consume(policy, 'k');
    await expect(limiter.check(policy, 'k')).resolves.toBeUndefined();
    await limiter.consume(policy, 'k');
    const error = await limiter.check(policy, 'k').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    await limiter.reset(policy, 'k');
    await expect(limiter.check(policy, 'k')).resolves.toBeUndefined();
  });

  it('when an attempt is refunded it no longer counts', async () => {
    const policy = { name: 'refunded', points: 2, durationSeconds: 60 };
    await limiter.consume(policy, 'k');
    await limiter.consume(policy, 'k');
    await limiter.refund(policy, 'k');
    await expect(limiter.consume(policy, 'k')).resolves.toMatchObject({ limit: 2, remaining: 0 });
    await expect(limiter.consume(policy, 'k')).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('when a key is reset its attempts are forgotten', async () => {
    const policy = policies.forgotPasswordPerEmail;
    for (let i = 1; i <= 5; i += 1) await limiter.consume(policy, 'ann@example.com');
    await expect(limiter.consume(policy, 'ann@example.com')).rejects.toBeInstanceOf(
      RateLimitedError,
    );
    await limiter.reset(policy, 'ann@example.com');
    await expect(limiter.consume(policy, 'ann@example.com')).resolves.toMatchObject({
      limit: 5,
      remaining: 4,
    });
  });

  it('when a short window has passed the key may try again', async () => {
    const policy = { name: 'tiny', points: 1, durationSeconds: 1 };
    await limiter.consume(policy, 'k');
    const error = await limiter.consume(policy, 'k').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(1);
    // Refused until the window has passed, then allowed again.
    await vi.waitFor(
      () => expect(limiter.consume(policy, 'k')).resolves.toMatchObject({ limit: 1, remaining: 0 }),
      { timeout: 3_000, interval: 100 },
    );
  });
}
