import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { adminSummarySchema } from '@whosright/contracts/account/dto';
import {
  dryRunResponseSchema,
  replayJobSchema,
  type ReplayJob,
} from '@whosright/contracts/story/ranking-dto';
import type { RankingRule } from '@whosright/contracts/story/ranking-rule';
import { startTestServer, type TestServer } from '#api/app/test-server';
import { signUp } from '#api/testing/people';
import { parseBody } from '#api/testing/parse-body';
import { cliRanking } from '#api/testing/replay-cli';
import {
  expectedRanking,
  storyWithActivity,
  type HistoryStory,
} from '#api/testing/ranking-history';

const HOUR = 3_600_000;

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;
let stories: HistoryStory[];
/** A moment after every story and view: the past the replays rebuild is today's state. */
let until: string;

/**
 * 24 stories whose skip rates tie in groups, across both minimums of views: six at 0.8 (three
 * with 10 views, three with 25), six at 0.5, six at 0.4 (25 views), six below. Every list below
 * cuts through a tie, so only the tie order (the greater id first) decides who is in.
 */
const ACTIVITY: Array<[views: number, skips: number, times: number]> = [
  [10, 8, 3],
  [25, 20, 3],
  [10, 5, 6],
  [25, 10, 6],
  [10, 0, 2],
  [10, 1, 2],
  [10, 2, 2],
];

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'one-ranking-admin@example.com' });
  admin = await signUp(server, { email: 'one-ranking-admin@example.com' });
  const author = await signUp(server);
  const people = { authorId: author.id, adminId: admin.id };
  const at = Date.now() - 2 * HOUR;
  stories = [];
  for (const [views, skips, times] of ACTIVITY)
    for (let i = 0; i < times; i++)
      stories.push(
        await storyWithActivity(server, people, { n: stories.length, views, skips, at }),
      );
  until = new Date(at + HOUR).toISOString();
}, 120_000);
afterAll(async () => {
  await server.stop();
});

const ids = (list: ReadonlyArray<{ id: string }>) => list.map((story) => story.id);
const ruleQuery = (rule: RankingRule) =>
  `topFraction=${rule.topFraction}&minViews=${rule.minViews}`;

/** The admin's Poor Performing list, walked one story per page. */
async function livePages(): Promise<string[]> {
  const walked: string[] = [];
  let cursor: string | undefined;
  do {
    const res = await admin.agent
      .get(`/api/admin/skipped-stories?limit=1${cursor ? `&cursor=${cursor}` : ''}`)
      .expect(200);
    const page = parseBody(
      res,
      z.object({ items: z.array(z.object({ id: z.string() })), nextCursor: z.string().nullish() }),
    );
    walked.push(...ids(page.items));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return walked;
}

async function dryRun(rule: RankingRule, replay?: string): Promise<string[]> {
  const res = await admin.agent
    .get(`/api/admin/stories/poor/dry-run?${ruleQuery(rule)}${replay ? `&replay=${replay}` : ''}`)
    .expect(200);
  return ids(parseBody(res, dryRunResponseSchema).list);
}

async function replayed(rule: RankingRule): Promise<ReplayJob> {
  const started = parseBody(
    await admin.agent.post('/api/admin/replays').send({ until }).expect(202),
    replayJobSchema,
  );
  return vi.waitFor(
    async () => {
      const res = await admin.agent.get(`/api/admin/replays/${started.id}?${ruleQuery(rule)}`);
      const job = parseBody(res, replayJobSchema);
      expect(['done', 'failed']).toContain(job.status);
      return job;
    },
    { timeout: 30_000, interval: 50 },
  );
}

describe('one poor performers ranking', () => {
  it('when the live list, its count, the kept snapshot and the replay CLI rank the same log they name the same stories in the same order', async () => {
    const rule = { topFraction: 0.05, minViews: 10 };
    const expected = expectedRanking(stories, 'now', rule);
    expect(expected).toHaveLength(2);

    const summary = await admin.agent.get('/api/admin/summary').expect(200);
    expect(parseBody(summary, adminSummarySchema).poorStories).toBe(expected.length);
    expect(await livePages()).toEqual(expected);
    expect(await dryRun(rule)).toEqual(expected);

    const job = await replayed(rule);
    expect(job.status).toBe('done');
    expect(ids(job.result?.list ?? [])).toEqual(expected);
    expect(await dryRun(rule, job.id)).toEqual(expected);
    expect((await cliRanking(server, until)).ids).toEqual(expected);
  }, 60_000);

  it.each([
    { topFraction: 0.5, minViews: 10 },
    { topFraction: 0.5, minViews: 25 },
  ])(
    'when another rule ($topFraction, $minViews views) ranks today and the kept snapshot it names the same stories in the same order',
    async (rule) => {
      const expected = expectedRanking(stories, 'now', rule);
      expect(expected.length).toBeGreaterThan(2);
      expect(await dryRun(rule)).toEqual(expected);
      const job = await replayed(rule);
      expect(job.result?.rule).toEqual(rule);
      expect(ids(job.result?.list ?? [])).toEqual(expected);
      expect(await dryRun(rule, job.id)).toEqual(expected);
    },
    60_000,
  );
});
