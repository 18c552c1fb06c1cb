import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dryRunResponseSchema, replayJobSchema } from '@whosright/contracts/story/ranking-dto';
import { startTestServer, type TestServer } from '#api/app/test-server';
import { signUp } from '#api/testing/people';
import { parseBody } from '#api/testing/parse-body';
import { expectedRanking, rankingHistory, type HistoryStory } from '#api/testing/ranking-history';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;
let member: Awaited<ReturnType<typeof signUp>>;
let history: { before: string; stories: HistoryStory[] };

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'dry-run-admin@example.com' });
  admin = await signUp(server, { email: 'dry-run-admin@example.com' });
  member = await signUp(server);
  history = await rankingHistory(server, member.id, admin.id);
}, 120_000);
afterAll(async () => {
  await server.stop();
});

const CURRENT = { topFraction: 0.05, minViews: 10 };
const without = (ids: string[], others: string[]) => ids.filter((id) => !others.includes(id));

async function dryRun(query: string) {
  const res = await admin.agent.get(`/api/admin/stories/poor/dry-run?${query}`).expect(200);
  return parseBody(res, dryRunResponseSchema);
}

describe('GET /api/admin/stories/poor/dry-run', () => {
  it.each([
    { topFraction: 0.1, minViews: 10 },
    { topFraction: 0.03, minViews: 25 },
    { topFraction: 0.1, minViews: 50 },
    { topFraction: 0.05, minViews: 10 },
  ])(
    'when an admin tries top $topFraction with $minViews views over today it lists who would enter and leave, changing nothing',
    async (rule) => {
      const head = await server.running.application.stores.eventStore.headPosition();
      const result = await dryRun(`topFraction=${rule.topFraction}&minViews=${rule.minViews}`);
      const chosen = expectedRanking(history.stories, 'now', rule);
      const current = expectedRanking(history.stories, 'now', CURRENT);
      expect(result.asOf).toBe('live');
      expect(result.rule).toEqual(rule);
      expect(result.current).toEqual(CURRENT);
      expect(result.list.map((s) => s.id)).toEqual(chosen);
      expect(result.entering.map((s) => s.id)).toEqual(without(chosen, current));
      expect(result.leaving.map((s) => s.id)).toEqual(without(current, chosen));
      expect(await server.running.application.stores.eventStore.headPosition()).toBe(head);
    },
  );

  it('when a rule would change the list today, entering and leaving are not empty', async () => {
    // Now story 2 has the highest skip rate, with 38 views: at 50 views story 17 takes its place.
    const result = await dryRun('topFraction=0.05&minViews=50');
    expect(result.entering.map((s) => s.id)).toEqual([history.stories[17]!.id]);
    expect(result.leaving.map((s) => s.id)).toEqual([history.stories[2]!.id]);
    expect(result.leaving[0]!.skipRate).toMatch(/^\d\.\d{4}$/);
  });

  it('when given a finished replay it compares the rules over that moment', async () => {
    const started = parseBody(
      await admin.agent.post('/api/admin/replays').send({ until: history.before }).expect(202),
      replayJobSchema,
    );
    await vi.waitFor(
      async () => {
        const res = await admin.agent.get(`/api/admin/replays/${started.id}`).expect(200);
        expect(parseBody(res, replayJobSchema).status).toBe('done');
      },
      { timeout: 30_000, interval: 50 },
    );
    const rule = { topFraction: 0.1, minViews: 25 };
    const result = await dryRun(`topFraction=0.1&minViews=25&replay=${started.id}`);
    const chosen = expectedRanking(history.stories, 'then', rule);
    const current = expectedRanking(history.stories, 'then', CURRENT);
    expect(result.asOf).toBe(started.until);
    expect(result.list.map((s) => s.id)).toEqual(chosen);
    expect(result.entering.map((s) => s.id)).toEqual(without(chosen, current));
    expect(result.leaving.map((s) => s.id)).toEqual(without(current, chosen));
    // The past differs from today: story 2 had not been skipped so much yet.
    expect(chosen).not.toEqual(expectedRanking(history.stories, 'now', rule));
  }, 60_000);

  it.each([
    ['topFraction=abc', 'topFraction'],
    ['topFraction=0.9', 'topFraction'],
    ['minViews=2', 'minViews'],
    ['minViews=10.5', 'minViews'],
    ['colour=red', 'colour'],
  ])('when the query is %s it answers 400 naming %s', async (query, word) => {
    const res = await admin.agent.get(`/api/admin/stories/poor/dry-run?${query}`).expect(400);
    expect(JSON.stringify(res.body)).toContain(word);
  });

  it('when the replay is unknown it answers 404; for a member 403', async () => {
    await admin.agent
      .get('/api/admin/stories/poor/dry-run?replay=stories-199001010000')
      .expect(404);
    await member.agent.get('/api/admin/stories/poor/dry-run').expect(403);
  });
});
