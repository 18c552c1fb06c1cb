import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import { readModelHash } from '@whosright/projections/runner/content-hash';
import { readModels } from '@whosright/projections/read-models';
import { SYSTEM_ACTOR } from '#api/platform/actor';
import { signUp } from '#api/testing/people';
import { startTestServer, type TestServer } from '#api/app/test-server';
import { runReplay } from './run-replay';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;
let member: Awaited<ReturnType<typeof signUp>>;
let midpoint: string;
const idOf = (res: { body: unknown }) => z.object({ id: z.string() }).parse(res.body).id;

async function replay(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runReplay(argv, {
    projections: readModels,
    catalog: domainEventCatalog,
    dataDir: server.dataDir,
    stdout: { write: (chunk: string) => void (stdout += chunk), isTTY: false },
    stderr: { write: (chunk: string) => void (stderr += chunk), isTTY: false },
  });
  return { code, stdout, stderr };
}

async function liveHash() {
  const { readStore } = server.running.application.stores;
  const active = await readStore.active('moderation-log');
  if (!active) throw new Error('no live moderation log');
  return readModelHash(readStore, active);
}

async function submitted(content: string) {
  return idOf(
    await member.agent.post('/api/stories').send({ content, category: 'other' }).expect(201),
  );
}

/** Resolves once the clock has moved past `moment` (ms). */
const clockPast = (moment: number) =>
  vi.waitFor(() => expect(Date.now()).toBeGreaterThan(moment), { interval: 1 });

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'replay-admin@example.com' });
  admin = await signUp(server, { email: 'replay-admin@example.com' });
  member = await signUp(server);
  const first = await submitted('He wants a cat, I want a dog. Who is right?');
  await admin.agent.patch(`/api/admin/stories/${first}`).send({ status: 'approved' }).expect(200);
  // The moment falls strictly between the events before it and those after it.
  await clockPast(Date.now());
  midpoint = new Date().toISOString();
  await clockPast(Date.parse(midpoint));
  const second = await submitted('She says the thermostat belongs at 24 degrees. Who is right?');
  await admin.agent
    .patch(`/api/admin/stories/${second}`)
    .send({ status: 'rejected', reason: 'Posted twice' })
    .expect(200);
  await admin.agent.patch(`/api/admin/users/${member.id}/ban`).send({ reason: 'Spam' }).expect(200);
  await server.running.application.accounts.rolesAndBans.changeByEmail(
    member.email,
    'unban',
    SYSTEM_ACTOR,
  );
});
afterAll(async () => {
  await server.stop();
});

describe('replaying the moderation log', () => {
  it('when replayed --until a moment it prints the log as it stood then, newest first', async () => {
    const { code, stdout } = await replay([
      'moderation-log',
      '--until',
      midpoint,
      '--format',
      'json',
    ]);
    expect(code).toBe(0);
    const rows = z
      .array(z.object({ action: z.string(), actor: z.string() }))
      .parse(JSON.parse(stdout));
    expect(rows.map((r) => r.action)).toEqual(['story.approve', 'user.promote']);
    expect(rows[1]?.actor).toBe('ADMIN_EMAILS');
  });

  it('when rebuilt from the log the copy it swaps in equals the live one (content hash)', async () => {
    const { readStore } = server.running.application.stores;
    const before = await readStore.active('moderation-log');
    const live = await liveHash();
    const { code } = await replay(['moderation-log']);
    expect(code).toBe(0);
    const rebuilt = await readStore.active('moderation-log');
    expect(rebuilt?.generation).not.toBe(before?.generation);
    expect(await readModelHash(readStore, rebuilt!)).toBe(live);
  });
});
