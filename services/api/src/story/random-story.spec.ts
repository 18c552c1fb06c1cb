import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '#api/platform/testing/people';
import { startTestServer, type TestServer } from '#api/platform/testing/test-server';

describe('random story draws', () => {
  let server: TestServer;
  const approved: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAILS: 'random-admin@example.com' });
    const admin = await signUp(server, { email: 'random-admin@example.com' });
    const author = await signUp(server);
    for (let i = 0; i < 55; i++) {
      const story = await author.agent.post('/api/stories').send({ content: `Story ${i}`, category: 'other' }).expect(201);
      await admin.agent.patch(`/api/admin/stories/${story.body.id}`).send({ status: 'approved' }).expect(200);
      approved.push(story.body.id);
    }
    // Leave 50 in the pool, with holes made in the middle (the last story moves into each).
    for (const id of [approved[3]!, approved[17]!, approved[30]!]) {
      await admin.agent.patch(`/api/admin/stories/${id}`).send({ status: 'hidden' }).expect(200);
    }
    for (const id of [approved[8]!, approved[41]!]) await admin.agent.delete(`/api/admin/stories/${id}`).expect(204);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('when drawn 10,000 times over 50 stories each lands within 30% of the mean, and never a removed one', async () => {
    const removed = new Set([3, 17, 30, 8, 41].map((i) => approved[i]!));
    const counts = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) {
      const id = (await server.running.application.stories.randomId(undefined))!;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    expect(counts.size).toBe(50);
    for (const id of removed) expect(counts.has(id)).toBe(false);
    const mean = 10_000 / 50;
    for (const count of counts.values()) {
      expect(count).toBeGreaterThanOrEqual(mean * 0.7);
      expect(count).toBeLessThanOrEqual(mean * 1.3);
    }
  });
});
