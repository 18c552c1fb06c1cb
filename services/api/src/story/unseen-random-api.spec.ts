import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomStorySchema, storyCardSchema } from '@whosright/contracts/story/dto';
import type { ViewerSeenStories } from '@whosright/projections/seen-stories/queries';
import { parseBody } from '#api/testing/parse-body';
import { expectUniform } from '#api/testing/uniformity';
import { signUp } from '#api/testing/people';
import { startTestServer, type TestServer } from '#api/app/test-server';

/** A viewer's seen stories held in memory, answering as the seen-stories read model does. */
function seenOf(ids: readonly string[]): ViewerSeenStories {
  const set = new Set(ids);
  return {
    has: (id) => Promise.resolve(set.has(id)),
    count: () => Promise.resolve(set.size),
    ids: () => Promise.resolve([...set]),
  };
}

/** Random and Next never draw a story the viewer voted on or skipped. */
describe('random draws of unseen stories', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let author: Awaited<ReturnType<typeof signUp>>;
  const approved: string[] = [];

  const draw = async (agent: ReturnType<TestServer['agent']>, exclude?: string) => {
    const res = await agent
      .get(`/api/stories/random${exclude ? `?exclude=${exclude}` : ''}`)
      .expect(200);
    return parseBody(res, randomStorySchema).id;
  };

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAILS: 'unseen-admin@example.com' });
    admin = await signUp(server, { email: 'unseen-admin@example.com' });
    author = await signUp(server);
    for (let i = 0; i < 205; i++) {
      const story = await author.agent
        .post('/api/stories')
        .send({ content: `Unseen story ${i}`, category: 'other' })
        .expect(201);
      const { id } = parseBody(story, storyCardSchema);
      await admin.agent.patch(`/api/admin/stories/${id}`).send({ status: 'approved' }).expect(200);
      approved.push(id);
    }
  }, 120_000);
  afterAll(async () => {
    await server.stop();
  });

  it('when a member votes on each drawn story, 205 draws never repeat one, then {id: null} says all are seen', async () => {
    const member = await signUp(server);
    const seen = new Set<string>();
    for (let i = 0; i < 205; i++) {
      const id = await draw(member.agent);
      expect(id).toEqual(expect.any(String));
      expect(seen.has(id!), `draw ${i} repeated ${id}`).toBe(false);
      seen.add(id!);
      await member.agent.post(`/api/stories/${id}/vote`).send({ vote: i % 2 ? 'he' : 'she' });
    }
    expect(seen).toEqual(new Set(approved));
    expect(await draw(member.agent)).toBeNull();
  }, 120_000);

  it('when a visitor skips stories, their next draws (known by the visitor cookie) leave those out', async () => {
    const visitor = server.agent();
    const skipped = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const id = (await draw(visitor))!;
      expect(skipped.has(id)).toBe(false);
      await visitor.post(`/api/stories/${id}/track`).send({ action: 'skip' }).expect(204);
      skipped.add(id);
    }
    expect(skipped.size).toBe(20);
  });

  it('when a few stories are seen, draws (slots drawn again when seen) are uniform over the rest', async () => {
    const queries = server.running.application.queries.stories;
    const seen = approved.slice(0, 20);
    const viewerSeen = seenOf(seen);
    const counts = new Map<string, number>();
    for (let i = 0; i < 8_000; i++) {
      const id = (await queries.randomUnseenId(viewerSeen, undefined))!;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    for (const id of seen) expect(counts.has(id)).toBe(false);
    expectUniform(counts, 185);
  });

  it('when over half the stories are seen, the exact draw is uniform over the rest and skip the excluded one', async () => {
    const queries = server.running.application.queries.stories;
    const seen = approved.slice(0, 120);
    const viewerSeen = seenOf(seen);
    const exclude = approved[150]!;
    const counts = new Map<string, number>();
    for (let i = 0; i < 6_000; i++) {
      const id = (await queries.randomUnseenId(viewerSeen, exclude))!;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    for (const id of [...seen, exclude]) expect(counts.has(id)).toBe(false);
    expectUniform(counts, 84);
  });

  it('when a seen story has left the pool, the draw still covers every approved story not seen', async () => {
    const member = await signUp(server);
    const [gone, ...rest] = approved.slice(0, 6);
    for (const id of [gone!, ...rest])
      await member.agent.post(`/api/stories/${id}/vote`).send({ vote: 'he' }).expect(200);
    await admin.agent.patch(`/api/admin/stories/${gone}`).send({ status: 'hidden' }).expect(200);
    const { queries } = server.running.application;
    const seen = queries.seenStories.of(`u-${member.id}`);
    expect(new Set(await seen.ids())).toEqual(new Set([gone!, ...rest]));
    const drawn = new Set<string>();
    // 3,000 draws over 199 stories miss one with a chance of about 1 in 5,000.
    for (let i = 0; i < 3_000; i++)
      drawn.add((await queries.stories.randomUnseenId(seen, undefined))!);
    expect(drawn.size).toBe(204 - 5);
    for (const id of [gone!, ...rest]) expect(drawn.has(id)).toBe(false);
  });

  it('when the viewer is unknown (no account, no visitor cookie) any approved story may be drawn', async () => {
    expect(approved).toContain(await draw(server.agent()));
  });
});
