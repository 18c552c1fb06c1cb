import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOL_META_ID, poolSlotId, type PoolDoc } from '@whosright/projections/stories/docs';
import { storyCardSchema } from '@whosright/contracts/story/dto';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { startTestServer, type TestServer } from '#api/app/test-server';

describe('random story draws', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let author: Awaited<ReturnType<typeof signUp>>;
  const approved: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAILS: 'random-admin@example.com' });
    admin = await signUp(server, { email: 'random-admin@example.com' });
    author = await signUp(server);
    for (let i = 0; i < 55; i++) {
      const story = await author.agent
        .post('/api/stories')
        .send({ content: `Story ${i}`, category: 'other' })
        .expect(201);
      const { id } = parseBody(story, storyCardSchema);
      await admin.agent.patch(`/api/admin/stories/${id}`).send({ status: 'approved' }).expect(200);
      approved.push(id);
    }
    // Leave 50 in the pool, with holes made in the middle (the last story moves into each).
    for (const id of [approved[3]!, approved[17]!, approved[30]!]) {
      await admin.agent.patch(`/api/admin/stories/${id}`).send({ status: 'hidden' }).expect(200);
    }
    for (const id of [approved[8]!, approved[41]!])
      await admin.agent.delete(`/api/admin/stories/${id}`).expect(204);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('when stories leave the pool, its slot documents stay dense: slots 0 to 49, each a distinct story still approved', async () => {
    const pool = server.running.application.stores.readStore.collection<PoolDoc>('stories', 'pool');
    expect((await pool.get(POOL_META_ID))?.count).toBe(50);
    const removed = new Set([3, 17, 30, 8, 41].map((i) => approved[i]!));
    const inSlots = new Set<string>();
    for (let slot = 0; slot < 50; slot++) {
      const storyId = (await pool.get(poolSlotId(slot)))?.storyId;
      expect(storyId).toEqual(expect.any(String));
      expect(removed.has(storyId!)).toBe(false);
      inSlots.add(storyId!);
    }
    expect(inSlots.size).toBe(50);
    for (let slot = 50; slot < 55; slot++) expect(await pool.get(poolSlotId(slot))).toBeUndefined();
  });

  it('when drawn 10,000 times over 50 stories each lands within 30% of the mean, and never a removed one', async () => {
    const removed = new Set([3, 17, 30, 8, 41].map((i) => approved[i]!));
    const counts = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) {
      const id = (await server.running.application.queries.stories.randomId(undefined))!;
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

  it('when the pool grows or shrinks between draws, the next draws are over the new pool', async () => {
    const draw = async (times: number) => {
      const seen = new Set<string>();
      for (let i = 0; i < times; i++) {
        const id = await server.running.application.queries.stories.randomId(undefined);
        expect(id).toEqual(expect.any(String));
        seen.add(id!);
      }
      return seen;
    };
    await draw(10);
    const added: string[] = [];
    for (let i = 0; i < 50; i++) {
      const story = await author.agent
        .post('/api/stories')
        .send({ content: `Later story ${i}`, category: 'other' })
        .expect(201);
      const { id } = parseBody(story, storyCardSchema);
      await admin.agent.patch(`/api/admin/stories/${id}`).send({ status: 'approved' }).expect(200);
      added.push(id);
    }
    const afterGrowth = await draw(400);
    expect(added.filter((id) => afterGrowth.has(id)).length).toBeGreaterThan(25);
    for (const id of added)
      await admin.agent.patch(`/api/admin/stories/${id}`).send({ status: 'hidden' }).expect(200);
    const afterShrink = await draw(200);
    for (const id of added) expect(afterShrink.has(id)).toBe(false);
  });
});
