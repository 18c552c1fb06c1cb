import type { TestServer } from '#api/app/test-server';
import { visitorKeyOfVisitor } from '#api/story/story-engagement';

/** One story of the history, with its tallies at the two moments the specs look at. */
export interface HistoryStory {
  id: string;
  /** Views and skips at `before` (the replays' moment). */
  then: { views: number; skips: number };
  /** Views and skips now. */
  now: { views: number; skips: number };
}

const HOUR = 3_600_000;

/**
 * Twenty approved stories with back-dated views and skips (each by its own visitor), written
 * through the story service as the demo seed does: by `before` (two hours ago) story i has
 * 12 + 3i views and a skip rate of its own (story 17 is the worst); an hour ago story 2 gains 20
 * views, all skipped (the worst now, with 38 views), and story 19 gains 30 views and no skips, so
 * the ranking now differs from the one at `before`.
 */
export async function rankingHistory(
  server: TestServer,
  authorId: string,
  adminId: string,
): Promise<{ before: string; stories: HistoryStory[] }> {
  const start = Date.now() - 3 * HOUR;
  const result: HistoryStory[] = [];
  for (let i = 0; i < 20; i++) {
    const views = 12 + 3 * i;
    const skips = Math.round((views * ((i * 7) % 20)) / 25);
    result.push(
      await storyWithActivity(server, { authorId, adminId }, { n: i, views, skips, at: start }),
    );
  }
  const later = start + 2 * HOUR;
  const second = result[2]!;
  await track(server, second.id, 'later-2', 20, 20, later);
  second.now = { views: second.then.views + 20, skips: second.then.skips + 20 };
  const last = result[19]!;
  await track(server, last.id, 'later-19', 30, 0, later);
  last.now = { views: last.then.views + 30, skips: last.then.skips };
  return { before: new Date(start + HOUR).toISOString(), stories: result };
}

/**
 * Story `n`, submitted and approved through the story service from `at` on, then viewed `views`
 * times and skipped `skips` times (each by its own visitor) five minutes later.
 */
export async function storyWithActivity(
  server: TestServer,
  people: { authorId: string; adminId: string },
  story: { n: number; views: number; skips: number; at: number },
): Promise<HistoryStory> {
  const { stories } = server.running.application;
  const { n, views, skips, at: start } = story;
  const at = (ms: number, userId: string) => ({
    correlationId: 'ranking-history',
    userId,
    recordedAt: new Date(ms).toISOString(),
  });
  const storyId = await stories.submit(
    { _id: people.authorId },
    `Story ${n}: he leaves the lights on in every room. Who is right?`,
    'household',
    at(start + n * 1_000, people.authorId),
  );
  await stories.moderate(
    storyId,
    { _id: people.adminId },
    'approved',
    null,
    at(start + 60_000 + n * 1_000, people.adminId),
  );
  await track(server, storyId, `then-${n}`, views, skips, start + 5 * 60_000);
  return { id: storyId, then: { views, skips }, now: { views, skips } };
}

async function track(
  server: TestServer,
  storyId: string,
  prefix: string,
  views: number,
  skips: number,
  from: number,
): Promise<void> {
  const { engagement } = server.running.application;
  for (let v = 0; v < views; v++) {
    const key = visitorKeyOfVisitor(`${prefix}-${storyId}-${v}`);
    const when = (ms: number) => ({
      correlationId: 'ranking-history',
      visitorId: key,
      recordedAt: new Date(ms).toISOString(),
    });
    await engagement.track(storyId, key, 'view', when(from + v * 1_000));
    if (v < skips) await engagement.track(storyId, key, 'skip', when(from + v * 1_000 + 500));
  }
}

/**
 * The poor performers by a rule, worked out the plain way: approved stories with enough views,
 * highest skip rate first (ties: the greater id first), the top fraction rounded up, at least one.
 */
export function expectedRanking(
  stories: readonly HistoryStory[],
  moment: 'then' | 'now',
  rule: { topFraction: number; minViews: number },
): string[] {
  const eligible = stories
    .map((s) => ({ id: s.id, ...s[moment], rate: s[moment].skips / s[moment].views }))
    .filter((s) => s.views >= rule.minViews)
    .sort((a, b) => b.rate - a.rate || (a.id < b.id ? 1 : -1));
  if (!eligible.length) return [];
  const top = Math.max(1, Math.ceil(Number((eligible.length * rule.topFraction).toFixed(6))));
  return eligible.slice(0, top).map((s) => s.id);
}
