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

  it('when a member replies after 10 comments within a minute the reply gets 429 as a comment would', async () => {
    const author = await signUp(server);
    const storyId = idOf(await author.agent.post('/api/stories').send(story(2)).expect(201));
    await admin.agent
      .patch(`/api/admin/stories/${storyId}`)
      .send({ status: 'approved' })
      .expect(200);
    const talker = await signUp(server);
    const path = `/api/stories/${storyId}/comments`;
    const parentId = idOf(await author.agent.post(path).send({ content: 'Ask me' }).expect(201));
    for (let i = 0; i < 10; i++)
      await talker.agent
        .post(path)
        .send({ content: `Reply ${i}`, parentId })
        .expect(201);
    expect((await talker.agent.post(path).send({ content: 'One more', parentId })).status).toBe(
      429,
    );
  });

  /** Approved stories by three authors (each may submit 5 an hour). */
  async function approvedStories(count: number): Promise<string[]> {
    const authors = await Promise.all([signUp(server), signUp(server), signUp(server)]);
    const storyIds: string[] = [];
    for (let i = 0; i < count; i++) {
      const author = authors[i % authors.length]!;
      const storyId = idOf(await author.agent.post('/api/stories').send(story(i)).expect(201));
      await admin.agent
        .patch(`/api/admin/stories/${storyId}`)
        .send({ status: 'approved' })
        .expect(200);
      storyIds.push(storyId);
    }
    return storyIds;
  }

  const fileAs = (reporter: Awaited<ReturnType<typeof signUp>>) => (targetId: string) =>
    reporter.agent.post('/api/reports').send({ targetType: 'story', targetId, reason: 'spam' });

  it('when a member files an 11th report within the hour it gets 429', async () => {
    const storyIds = await approvedStories(11);
    const file = fileAs(await signUp(server));
    for (const storyId of storyIds.slice(0, 10)) await file(storyId).expect(201);
    const eleventh = await file(storyIds[10]!);
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers['ratelimit-limit']).toBe('10');
  });

  it("when a member's reports are refused (400, 404) they do not count against the 10 an hour", async () => {
    const storyIds = await approvedStories(11);
    const reporter = await signUp(server);
    const file = fileAs(reporter);
    for (let i = 0; i < 5; i++) {
      await reporter.agent
        .post('/api/reports')
        .send({ targetType: 'story', targetId: storyIds[0], reason: 'boring' })
        .expect(400);
      await file('story_01ARZ3NDEKTSV4RRFFQ69G5FAV').expect(404);
    }
    for (const storyId of storyIds.slice(0, 10)) await file(storyId).expect(201);
    expect((await file(storyIds[10]!)).status).toBe(429);
  });

  type Member = Awaited<ReturnType<typeof signUp>>;
  type Answer = { status: number; body: unknown; headers: Record<string, string> };
  const missingStory = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';
  const missingComment = 'comment_01ARZ3NDEKTSV4RRFFQ69G5FAV';
  const writes: Array<[string, number, (member: Member, i: number) => PromiseLike<Answer>]> = [
    [
      'a member marks notifications read',
      60,
      (m) => m.agent.post('/api/notifications/read').send({ all: true }),
    ],
    [
      'a member changes their preferences',
      30,
      (m, i) => m.agent.patch('/api/users/preferences').send({ showSideOnComments: i % 2 === 0 }),
    ],
    [
      'a member changes their notification settings',
      30,
      (m, i) => m.agent.patch('/api/users/notification-settings').send({ digest: i % 2 === 0 }),
    ],
    ['a member changes their profile', 20, (m) => m.agent.patch('/api/users/profile').send({})],
    [
      'a member deletes their comments and stories',
      30,
      (m, i) =>
        i % 2 === 0
          ? m.agent.delete(`/api/comments/${missingComment}`)
          : m.agent.delete(`/api/stories/${missingStory}`),
    ],
    [
      'an admin adds notes on a member',
      60,
      (m, i) => admin.agent.post(`/api/admin/users/${m.id}/notes`).send({ text: `Note ${i}` }),
    ],
  ];

  it.each(writes)(
    'when %s more than %i times in the window the next one gets 429',
    async (_, points, write) => {
      const member = await signUp(server);
      for (let i = 0; i < points; i++) expect((await write(member, i)).status).not.toBe(429);
      const over = await write(member, points);
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ code: 'rate_limited' });
      expect(over.headers['ratelimit-limit']).toBe(String(points));
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    },
  );
});
