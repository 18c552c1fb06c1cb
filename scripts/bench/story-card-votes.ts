/**
 * `npx tsx scripts/bench/story-card-votes.ts [--votes N] [--rounds N]` (or `npm run bench --
 * story-card-votes`): what a vote costs the stories read model in the embedded mode (SQLite),
 * with the card's counters in column fields as shipped ("columns") beside the same projection
 * keeping them in the card's JSON ("json"), in interleaved rounds of one run. A vote is the two
 * events the write side appends for it (StoryVoteCast, StoryEngaged), folded and committed through
 * the runner's write path: once live (a commit per vote) and while catching up (100 votes per
 * commit), spread over 2,000 stories or all on one. Then the home feed's first page (20 cards) in
 * the `votes` and `divisive` orders, read through StoryQueries with the read cache off, after
 * checking that both layouts answer with the same cards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { pathToFileURL } from 'node:url';
import type { Database } from 'better-sqlite3';
import type { RecordedEvent } from '@whosright/eventstore/port';
import { openSqliteDatabase } from '@whosright/sqlite/database';
import type { AnyProjection } from '@whosright/projections/runner/projection';
import { STORIES } from '@whosright/projections/stories/docs';
import { StoryQueries } from '@whosright/projections/stories/queries';
import type { ReadStore } from '@whosright/projections/store/port';
import { createSqliteReadStore } from '@whosright/projections/store/sqlite/sqlite-read-store';
import { batchWriter } from '@whosright/projections/testing/batch-writer';
import { eventLog } from '@whosright/projections/testing/event-log';
import { seededRandom } from '@whosright/projections/testing/sample-log';
import { readModels } from '@whosright/projections/read-models';

const STORY_COUNT = 2_000;
const CATCH_UP_BATCH = 100;
const READS = 2_000;
const FEED_ORDERS = ['votes', 'divisive'] as const;

const storiesProjection = readModels.find((p) => p.name === STORIES)!;
/** The same projection with the card's counters left in its JSON, as before column fields. */
const jsonProjection: AnyProjection = {
  ...storiesProjection,
  collections: storiesProjection.collections.map(({ columns: _inJson, ...spec }) => spec),
};

const storyId = (i: number) => `story_01JD${String(i).padStart(22, '0')}`;

function flag(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(name);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

interface Variant {
  name: 'json' | 'columns';
  dir: string;
  database: Database;
  store: ReadStore;
  queries: StoryQueries;
  write: (events: readonly RecordedEvent[]) => Promise<void>;
  log: ReturnType<typeof eventLog>;
}

/** A fresh SQLite file with 2,000 approved stories of 100 to 1,000 characters. */
async function openVariant(name: Variant['name'], projection: AnyProjection): Promise<Variant> {
  const dir = mkdtempSync(join(tmpdir(), `whosright-bench-votes-${name}-`));
  const database = openSqliteDatabase(join(dir, 'whosright.sqlite'));
  // No read cache: the reads measured are the queries themselves, not a cache both layouts share.
  const store = createSqliteReadStore({ database, readCacheChars: 0 });
  const target = await store.createGeneration(
    projection.name,
    projection.version,
    projection.collections,
    { owner: 'runner' },
  );
  await store.activate(target, { expectedActive: null });
  const write = batchWriter(store, target, projection, { complete: true });
  const log = eventLog();
  const random = seededRandom(7);
  const admin = 'user_01JBBBBBBBBBBBBBBBBBBBBBBB';
  const categories = ['household', 'money', 'family', 'communication', 'lifestyle'] as const;
  const seed: RecordedEvent[] = [];
  for (let i = 0; i < STORY_COUNT; i++) {
    const authorId = `user_01JA${String(i % 300).padStart(22, '0')}`;
    const content = 'He never does the dishes. '.repeat(4 + Math.floor(random() * 34)).trim();
    const category = categories[i % categories.length]!;
    seed.push(
      log.story(
        { type: 'StorySubmitted', data: { storyId: storyId(i), authorId, content, category } },
        { actorId: authorId },
      ),
      log.story(
        {
          type: 'StoryModerated',
          data: {
            storyId: storyId(i),
            moderatorId: admin,
            from: 'pending',
            to: 'approved',
            reason: null,
          },
        },
        { actorId: admin },
      ),
    );
  }
  await write(seed);
  return { name, dir, database, store, queries: new StoryQueries(store), write, log };
}

/** The events of `count` votes by new members, each on the story `storyOf` picks. */
function votes(variant: Variant, from: number, count: number, storyOf: (i: number) => number) {
  const random = seededRandom(from);
  const events: RecordedEvent[][] = [];
  for (let i = from; i < from + count; i++) {
    const story = storyId(storyOf(i));
    const userId = `user_01JC${String(i).padStart(22, '0')}`;
    const by = { actorId: userId };
    const vote = random() < 0.55 ? 'he' : 'she';
    events.push([
      variant.log.storyVote({ type: 'StoryVoteCast', data: { storyId: story, userId, vote } }, by),
      variant.log.storyActivity(
        { type: 'StoryEngaged', data: { storyId: story, visitorKey: `u-${userId}` } },
        by,
      ),
    ]);
  }
  return events;
}

/** Microseconds per vote, committing `perCommit` votes at a time. */
async function applyVotes(
  variant: Variant,
  byVote: RecordedEvent[][],
  perCommit: number,
): Promise<number> {
  const batches: RecordedEvent[][] = [];
  for (let i = 0; i < byVote.length; i += perCommit)
    batches.push(byVote.slice(i, i + perCommit).flat());
  const t = performance.now();
  for (const batch of batches) await variant.write(batch);
  return ((performance.now() - t) * 1000) / byVote.length;
}

/** Microseconds per read of `read`, `READS` times. */
async function timeReads(read: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  for (let i = 0; i < READS; i++) await read();
  return ((performance.now() - t) * 1000) / READS;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

function report(label: string, json: number[], columns: number[], unit: string): void {
  const a = median(json);
  const b = median(columns);
  console.log(
    `${label.padEnd(40)} json ${a.toFixed(1).padStart(7)} ${unit}   columns ${b.toFixed(1).padStart(7)} ${unit}   columns/json ${(b / a).toFixed(2)}`,
  );
}

/** The feed's pages must be the same cards in the same order, with the same cursors. */
async function checkSameAnswers(a: Variant, b: Variant): Promise<void> {
  for (const sort of ['newest', ...FEED_ORDERS] as const) {
    let after: string | undefined;
    for (let page = 0; page < 3; page++) {
      const request = { limit: 20, sort, ...(after ? { cursor: after } : {}) };
      const [left, right] = await Promise.all([a.queries.feed(request), b.queries.feed(request)]);
      if (!isDeepStrictEqual(left, right))
        throw new Error(`the ${sort} feed's page ${page + 1} differs between layouts`);
      after = left.next;
    }
  }
  const [left, right] = await Promise.all([a.queries.byId(storyId(0)), b.queries.byId(storyId(0))]);
  if (!isDeepStrictEqual(left, right)) throw new Error('a card differs between layouts');
}

export async function run(args: string[]): Promise<void> {
  const count = flag(args, '--votes', 5_000);
  const rounds = flag(args, '--rounds', 3);
  console.log(
    `${count.toLocaleString('en-US')} votes per run, ${rounds} interleaved rounds, ${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(1)}`,
  );
  const variants = [
    await openVariant('json', jsonProjection),
    await openVariant('columns', storiesProjection),
  ];
  try {
    const scenarios = [
      {
        label: `spread over ${STORY_COUNT} stories`,
        storyOf: (i: number) => (i * 7919) % STORY_COUNT,
      },
      { label: 'all on one story', storyOf: () => 0 },
    ];
    const modes = [
      { label: 'live, a commit per vote', perCommit: 1 },
      { label: `catching up, ${CATCH_UP_BATCH} per commit`, perCommit: CATCH_UP_BATCH },
    ];
    const results = new Map<string, Record<Variant['name'], number[]>>();
    let next = 0;
    for (let round = 0; round < rounds; round++) {
      // Alternate who goes first: the same page cache and machine load for both sides.
      const order = round % 2 ? [...variants].reverse() : variants;
      for (const scenario of scenarios)
        for (const mode of modes) {
          const key = `votes ${scenario.label}, ${mode.label}`;
          const result = results.get(key) ?? { json: [], columns: [] };
          results.set(key, result);
          for (const variant of order) {
            const events = votes(variant, next, count, scenario.storyOf);
            result[variant.name].push(await applyVotes(variant, events, mode.perCommit));
          }
          next += count;
        }
    }
    for (const [label, { json, columns }] of results) report(label, json, columns, 'µs/vote');

    await checkSameAnswers(variants[0]!, variants[1]!);
    const reads = new Map<string, Record<Variant['name'], number[]>>();
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? [...variants].reverse() : variants;
      for (const sort of FEED_ORDERS) {
        const result = reads.get(sort) ?? { json: [], columns: [] };
        reads.set(sort, result);
        for (const variant of order)
          result[variant.name].push(
            await timeReads(() => variant.queries.feed({ limit: 20, sort })),
          );
      }
    }
    for (const [sort, { json, columns }] of reads)
      report(`home feed, ${sort} order, 20 cards`, json, columns, 'µs/read');
  } finally {
    for (const variant of variants) {
      await variant.store.close();
      variant.database.close();
      rmSync(variant.dir, { recursive: true, force: true });
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run(process.argv.slice(2));
