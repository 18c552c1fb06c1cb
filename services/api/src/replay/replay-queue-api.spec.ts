import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { replayJobSchema, type ReplayJob } from '@whosright/contracts/story/ranking-dto';
import type { ReadAllOptions, RecordedEvent } from '@whosright/eventstore/port';
import { startTestServer, type TestServer } from '#api/app/test-server';
import { signUp } from '#api/testing/people';
import { parseBody } from '#api/testing/parse-body';
import { REPLAYS_AT_ONCE } from './replay-job';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;
/** Opens the log to the replays (held at their first read until then). */
let release: () => void;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'queue-admin@example.com' });
  admin = await signUp(server, { email: 'queue-admin@example.com' });
  // A replay reads the log up to its moment (`until`); the projections never pass one. Holding
  // those reads keeps every replay that started running, so the spec sees the line as it stands.
  const log = server.running.application.stores.forgettingLog;
  const readAll = log.readAll.bind(log);
  const opened = new Promise<void>((resolve) => (release = resolve));
  log.readAll = (options?: ReadAllOptions): AsyncIterable<RecordedEvent> =>
    options?.until === undefined
      ? readAll(options)
      : (async function* held() {
          await opened;
          yield* readAll(options);
        })();
}, 60_000);
afterAll(async () => {
  release();
  await server.stop();
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

async function state(id: string): Promise<ReplayJob> {
  return parseBody(await admin.agent.get(`/api/admin/replays/${id}`).expect(200), replayJobSchema);
}

async function statuses(ids: string[]): Promise<string[]> {
  return Promise.all(ids.map(async (id) => (await state(id)).status));
}

describe('replays in line', () => {
  it('when five different moments are asked for at most two run and the others report queued, then all finish', async () => {
    const started: ReplayJob[] = [];
    for (const n of [5, 10, 15, 20, 25])
      started.push(
        parseBody(
          await admin.agent
            .post('/api/admin/replays')
            .send({ until: minutesAgo(n) })
            .expect(202),
          replayJobSchema,
        ),
      );
    const ids = started.map((job) => job.id);
    expect(new Set(ids).size).toBe(5);

    // The first two take the slots; the line stays as it is while they run.
    await vi.waitFor(
      async () =>
        expect((await statuses(ids)).filter((s) => s === 'running')).toHaveLength(REPLAYS_AT_ONCE),
      { timeout: 10_000, interval: 20 },
    );
    // Shows that no third replay starts while two run: only time can show that.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = await statuses(ids);
    expect(now.filter((s) => s === 'running')).toHaveLength(REPLAYS_AT_ONCE);
    expect(now.filter((s) => s === 'queued')).toHaveLength(5 - REPLAYS_AT_ONCE);

    // The same minute again, even a few seconds on, is the same job, still in line or running.
    const again = parseBody(
      await admin.agent
        .post('/api/admin/replays')
        .send({ until: new Date(Date.parse(started[4]!.until) + 30_000).toISOString() })
        .expect(202),
      replayJobSchema,
    );
    expect(again.id).toBe(ids[4]);
    expect(['queued', 'running']).toContain(again.status);

    release();
    await vi.waitFor(
      async () => expect(await statuses(ids)).toEqual(['done', 'done', 'done', 'done', 'done']),
      { timeout: 30_000, interval: 50 },
    );
  }, 60_000);
});
