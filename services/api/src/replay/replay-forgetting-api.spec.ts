import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DELETED_TEXT } from '@whosright/contracts/account/events';
import {
  dryRunResponseSchema,
  replayJobSchema,
  type ReplayJob,
} from '@whosright/contracts/story/ranking-dto';
import { startTestServer, type TestServer } from '#api/app/test-server';
import { signUp } from '#api/testing/people';
import { parseBody } from '#api/testing/parse-body';
import { rankingHistory, type HistoryStory } from '#api/testing/ranking-history';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;
let author: Awaited<ReturnType<typeof signUp>>;
let history: { before: string; stories: HistoryStory[] };

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'forget-replay-admin@example.com' });
  admin = await signUp(server, { email: 'forget-replay-admin@example.com' });
  author = await signUp(server, { firstName: 'Rosalind' });
  history = await rankingHistory(server, author.id, admin.id);
}, 120_000);
afterAll(async () => {
  await server.stop();
});

/** The text every story of the history starts with (`rankingHistory`). */
const THEIR_TEXT = 'he leaves the lights on';

async function finished(id: string): Promise<ReplayJob> {
  return vi.waitFor(
    async () => {
      const res = await admin.agent.get(`/api/admin/replays/${id}?minViews=10&topFraction=0.5`);
      const job = parseBody(res, replayJobSchema);
      expect(['done', 'failed']).toContain(job.status);
      return job;
    },
    { timeout: 30_000, interval: 50 },
  );
}

describe('a kept replay when its author deletes their account', () => {
  it('when the member deletes their account after the replay was kept, its result and dry run show nothing of theirs', async () => {
    const started = parseBody(
      await admin.agent.post('/api/admin/replays').send({ until: history.before }).expect(202),
      replayJobSchema,
    );
    const kept = await finished(started.id);
    expect(kept.status).toBe('done');
    // Given: the kept result quotes their stories.
    expect(kept.result?.list.length).toBeGreaterThan(0);
    expect(JSON.stringify(kept.result)).toContain(THEIR_TEXT);

    await author.agent
      .post('/api/users/me/delete')
      .send({ password: 'a good password' })
      .expect(200);

    const after = await admin.agent
      .get(`/api/admin/replays/${started.id}?minViews=10&topFraction=0.5`)
      .expect(200);
    const job = parseBody(after, replayJobSchema);
    expect(job.result?.list.map((s) => s.id)).toEqual(kept.result?.list.map((s) => s.id));
    expect(job.result?.list.every((s) => s.excerpt === DELETED_TEXT)).toBe(true);
    const dryRun = await admin.agent
      .get(`/api/admin/stories/poor/dry-run?topFraction=0.5&minViews=10&replay=${started.id}`)
      .expect(200);
    const compared = parseBody(dryRun, dryRunResponseSchema);
    expect(compared.list.length).toBeGreaterThan(0);
    for (const body of [JSON.stringify(after.body), JSON.stringify(dryRun.body)]) {
      expect(body).not.toContain(THEIR_TEXT);
      expect(body).not.toContain('Rosalind');
      expect(body).not.toContain(author.email);
    }
  }, 60_000);
});
