import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { replayJobSchema, type ReplayJob } from '@whosright/contracts/story/ranking-dto';
import { startTestServer, type TestServer } from '#api/app/test-server';
import { signUp } from '#api/testing/people';
import { parseBody } from '#api/testing/parse-body';
import { cliRanking } from '#api/testing/replay-cli';
import { expectedRanking, rankingHistory, type HistoryStory } from '#api/testing/ranking-history';
import { describeWithService } from '@whosright/testing/describe-with-service';
import {
  postgresServer,
  startPostgresServer,
  type PostgresServer,
} from '@whosright/testing/postgres-server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;
let member: Awaited<ReturnType<typeof signUp>>;
let history: { before: string; stories: HistoryStory[] };

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'replay-admin@example.com' });
  admin = await signUp(server, { email: 'replay-admin@example.com' });
  member = await signUp(server);
  history = await rankingHistory(server, member.id, admin.id);
}, 120_000);
afterAll(async () => {
  await server.stop();
});

/** The moment's minute, as the replay names it. */
const minuteOf = (iso: string) => new Date(Math.floor(Date.parse(iso) / 60_000) * 60_000);

async function pollUntilDone(
  as: Awaited<ReturnType<typeof signUp>>,
  id: string,
  query = '',
): Promise<ReplayJob> {
  return vi.waitFor(
    async () => {
      const res = await as.agent.get(`/api/admin/replays/${id}${query}`).expect(200);
      const job = parseBody(res, replayJobSchema);
      expect(['done', 'failed']).toContain(job.status);
      return job;
    },
    { timeout: 30_000, interval: 50 },
  );
}

/** The admin's ranking as it stood before `history.before`: its job, and the CLI's over the same stores. */
async function expectPastRankingAsTheCliBuildsIt(
  server: TestServer,
  admin: Awaited<ReturnType<typeof signUp>>,
  history: { before: string; stories: HistoryStory[] },
): Promise<void> {
  const res = await admin.agent
    .post('/api/admin/replays')
    .send({ until: history.before })
    .expect(202);
  const started = parseBody(res, replayJobSchema);
  expect(started.id).toMatch(/^stories-\d{12}$/);
  expect(started.until).toBe(minuteOf(history.before).toISOString());
  expect(['queued', 'running', 'done']).toContain(started.status);

  const done = await pollUntilDone(admin, started.id);
  expect(done.status).toBe('done');
  expect(done.progress.done).toBeGreaterThan(0);
  expect(done.progress.done).toBe(done.progress.total);
  // The total announced up front counts just the events the replay reads: those the stories
  // read model handles.
  expect(started.progress.total).toBe(done.progress.done);
  expect(done.progress.etaSeconds).toBe(0);
  const rule = { topFraction: 0.05, minViews: 10 };
  expect(done.result?.rule).toEqual(rule);
  expect(done.result?.rankable).toBe(20);

  const cli = await cliRanking(server, done.until);
  expect(done.result?.list.map((s) => s.id)).toEqual(cli.ids);
  expect(cli.ids).toEqual(expectedRanking(history.stories, 'then', rule));
  // The CLI prints its progress as the panel shows it.
  expect(cli.stderr).toMatch(/replay: 100% {2}[\d,]+ \/ [\d,]+ events · [\d,]+ events\/s · /);
}

describe('POST /api/admin/replays', () => {
  it('when an admin asks for a past moment it builds the ranking as it stood, with progress, equal to the replay CLI', async () => {
    await expectPastRankingAsTheCliBuildsIt(server, admin, history);
  }, 60_000);

  it('when the same minute is asked for again it answers the kept job, ranked by the rule asked for', async () => {
    const first = parseBody(
      await admin.agent.post('/api/admin/replays').send({ until: history.before }).expect(202),
      replayJobSchema,
    );
    await pollUntilDone(admin, first.id);
    const again = parseBody(
      await admin.agent
        .post('/api/admin/replays')
        .send({
          until: new Date(minuteOf(history.before).getTime() + 59_000).toISOString(),
          rule: { topFraction: 0.1, minViews: 25 },
        })
        .expect(202),
      replayJobSchema,
    );
    expect(again.id).toBe(first.id);
    expect(again.status).toBe('done');
    expect(again.result?.list.map((s) => s.id)).toEqual(
      expectedRanking(history.stories, 'then', { topFraction: 0.1, minViews: 25 }),
    );
    const viaGet = await pollUntilDone(admin, first.id, '?topFraction=0.1&minViews=25');
    expect(viaGet.result?.list).toEqual(again.result?.list);
  }, 60_000);

  it.each([
    [{}, 'until'],
    [{ until: 'last monday' }, 'until'],
    [{ until: new Date(Date.now() + 3_600_000).toISOString() }, 'future'],
    [{ until: '2026-01-01T00:00:00Z', rule: { topFraction: 2, minViews: 10 } }, 'topFraction'],
    [{ until: '2026-01-01T00:00:00Z', rule: { topFraction: 0.05, minViews: 3 } }, 'minViews'],
    [{ until: '2026-01-01T00:00:00Z', extra: true }, 'extra'],
  ])('when the body is %j it answers 400 naming %s', async (body, word) => {
    const res = await admin.agent.post('/api/admin/replays').send(body).expect(400);
    expect(JSON.stringify(res.body)).toContain(word);
  });

  it('when a member or a visitor asks it answers 403 or 401, and starts nothing', async () => {
    await member.agent.post('/api/admin/replays').send({ until: history.before }).expect(403);
    await server.agent().post('/api/admin/replays').send({ until: history.before }).expect(401);
    await member.agent.get('/api/admin/replays/stories-202601010000').expect(403);
  });

  it('when the replay is unknown it answers 404', async () => {
    await admin.agent.get('/api/admin/replays/stories-199001010000').expect(404);
    await admin.agent.get('/api/admin/replays/not-a-replay').expect(404);
  });
});

describeWithService(postgresServer, 'POST /api/admin/replays on PostgreSQL', () => {
  let postgres: PostgresServer;
  let onPostgres: TestServer;
  let pgAdmin: Awaited<ReturnType<typeof signUp>>;
  let pgHistory: { before: string; stories: HistoryStory[] };

  beforeAll(async () => {
    postgres = await startPostgresServer();
    onPostgres = await startTestServer({
      ADMIN_EMAILS: 'replay-admin@example.com',
      DATABASE_URL: await postgres.createDatabase('replays'),
    });
    pgAdmin = await signUp(onPostgres, { email: 'replay-admin@example.com' });
    const pgMember = await signUp(onPostgres);
    pgHistory = await rankingHistory(onPostgres, pgMember.id, pgAdmin.id);
  }, 120_000);
  afterAll(async () => {
    await onPostgres?.stop();
    await postgres?.stop();
  });

  it('when an admin asks for a past moment the ranking as it stood equals the replay CLI over PostgreSQL', async () => {
    await expectPastRankingAsTheCliBuildsIt(onPostgres, pgAdmin, pgHistory);
  }, 60_000);
});
