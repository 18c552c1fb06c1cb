import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import { readModels } from '@whosright/projections/read-models';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';
import { runReplay } from './run-replay';

let server: TestServer;
let member: Awaited<ReturnType<typeof signUp>>;
let beforeDeletion: string;

async function replay(argv: string[]) {
  let stdout = '';
  const code = await runReplay(argv, {
    projections: readModels,
    catalog: domainEventCatalog,
    dataDir: server.dataDir,
    stdout: { write: (chunk: string) => void (stdout += chunk), isTTY: false },
    stderr: { write: () => undefined, isTTY: false },
  });
  return { code, stdout };
}

/** Resolves once the clock has moved past `moment` (ms). */
const clockPast = (moment: number) =>
  vi.waitFor(() => expect(Date.now()).toBeGreaterThan(moment), { interval: 1 });

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'forgotten-admin@example.com' });
  const admin = await signUp(server, { email: 'forgotten-admin@example.com' });
  member = await signUp(server, { firstName: 'Forgettable' });
  await approvedStory(member, admin, 'A story nobody may read again. Who is right?');
  // The moment falls strictly between the events before it and those after it.
  await clockPast(Date.now());
  beforeDeletion = new Date().toISOString();
  await clockPast(Date.parse(beforeDeletion));
  await member.agent.post('/api/users/me/delete').send({ password: 'a good password' }).expect(200);
}, 60_000);
afterAll(async () => {
  await server.stop();
});

describe('npm run replay after an account deletion', () => {
  it('when the past is replayed to a moment the member still existed it shows nothing of theirs', async () => {
    const { code, stdout } = await replay(['all', '--until', beforeDeletion, '--format', 'json']);
    expect(code).toBe(0);
    // They existed then: their account and story are there, with nothing personal left.
    expect(stdout).toContain(member.id);
    for (const text of [member.email, 'Forgettable', 'A story nobody may read again'])
      expect(stdout, text).not.toContain(text);
    expect(stdout).toContain('forgotten.invalid');
  });
});
