import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signUp } from '#api/testing/people';
import { startTestServer, type TestServer } from './test-server';

/** Writes per account are limited, with the limits on as in production. */
let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;
const idOf = (res: { body: unknown }) => z.object({ id: z.string() }).parse(res.body).id;
const story = (i: number) => ({ content: `Story number ${i}. Who is right?`, category: 'other' });

beforeAll(async () => {
  server = await startTestServer({ WRITE_LIMITS: '1', ADMIN_EMAILS: 'limits-admin@example.com' });
  admin = await signUp(server, { email: 'limits-admin@example.com' });
});
afterAll(async () => {
  await server.stop();
});

describe('write limits per account', () => {
  it('when a member submits a 6th story within the hour it gets 429 with Retry-After and RateLimit headers', async () => {
    const member = await signUp(server);
    for (let i = 0; i < 5; i++) {
      const res = await member.agent.post('/api/stories').send(story(i)).expect(201);
      expect(res.headers['ratelimit-limit']).toBe('5');
      expect(res.headers['ratelimit-remaining']).toBe(String(4 - i));
    }
    const sixth = await member.agent.post('/api/stories').send(story(6));
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(sixth.headers['ratelimit-remaining']).toBe('0');
    expect(Number(sixth.headers['ratelimit-reset'])).toBeLessThanOrEqual(3600);
    // Someone else is not held back.
    await (await signUp(server)).agent.post('/api/stories').send(story(7)).expect(201);
  });

  it('when a member posts an 11th comment within a minute it gets 429', async () => {
    const author = await signUp(server);
    const storyId = idOf(await author.agent.post('/api/stories').send(story(1)).expect(201));
    await admin.agent
      .patch(`/api/admin/stories/${storyId}`)
      .send({ status: 'approved' })
      .expect(200);
    const talker = await signUp(server);
    for (let i = 0; i < 10; i++)
      await talker.agent
        .post(`/api/stories/${storyId}/comments`)
        .send({ content: `Point ${i}` })
        .expect(201);
    const eleventh = await talker.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'One more' });
    expect(eleventh.status).toBe(429);
  });

  it('when a member files an 11th report within the hour it gets 429', async () => {
    const authors = await Promise.all([signUp(server), signUp(server), signUp(server)]);
    const storyIds: string[] = [];
    for (let i = 0; i < 11; i++) {
      const author = authors[i % authors.length]!;
      const storyId = idOf(await author.agent.post('/api/stories').send(story(i)).expect(201));
      await admin.agent
        .patch(`/api/admin/stories/${storyId}`)
        .send({ status: 'approved' })
        .expect(200);
      storyIds.push(storyId);
    }
    const reporter = await signUp(server);
    const file = (targetId: string) =>
      reporter.agent.post('/api/reports').send({ targetType: 'story', targetId, reason: 'spam' });
    for (const storyId of storyIds.slice(0, 10)) await file(storyId).expect(201);
    const eleventh = await file(storyIds[10]!);
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers['ratelimit-limit']).toBe('10');
  });
});
