import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import type { EventStore } from '@whosright/eventstore/port';
import { createSqliteEventStore } from '@whosright/eventstore/sqlite/sqlite-event-store';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from './test-server';

/**
 * The admin CLI appends a ban from another process; the server's read models learn it a moment
 * later. A member's write in that moment must be refused, not land after the ban.
 */
let server: TestServer;
let cli: EventStore;
let admin: Awaited<ReturnType<typeof signUp>>;

async function eventsOf(type: string): Promise<number> {
  let count = 0;
  for await (const event of cli.readAll()) if (event.type === type) count++;
  return count;
}

/** As `npm run admin -- ban` does: straight into the log, from its own connection. */
async function banFromTheCli(userId: string) {
  await cli.append(
    `user-${userId}`,
    [{ type: 'UserBanned', data: { reason: 'from the CLI' }, metadata: { correlationId: 'cli' } }],
    'any',
  );
}

async function approvedStoryOfSomeone() {
  return approvedStory(
    await signUp(server),
    admin,
    'She names the houseplants. Who is right?',
    'lifestyle',
  );
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'race-admin@example.com' });
  admin = await signUp(server, { email: 'race-admin@example.com' });
  cli = createSqliteEventStore({
    file: join(server.dataDir, 'whosright.sqlite'),
    catalog: domainEventCatalog,
  });
});
afterAll(async () => {
  await cli.close();
  await server.stop();
});

describe('a ban appended by the admin CLI', () => {
  const writes: Array<[string, (storyId: string, agent: TestServer['agent']) => Promise<number>]> =
    [
      [
        'a vote',
        async (storyId, agent) =>
          (await agent().post(`/api/stories/${storyId}/vote`).send({ vote: 'he' })).status,
      ],
      [
        'a comment',
        async (storyId, agent) =>
          (await agent().post(`/api/stories/${storyId}/comments`).send({ content: 'Too late?' }))
            .status,
      ],
      [
        'a story',
        async (_storyId, agent) =>
          (
            await agent()
              .post('/api/stories')
              .send({ content: 'Sneaking one in. Who is right?', category: 'other' })
          ).status,
      ],
    ];

  for (const [what, write] of writes) {
    it(`when ${what} arrives right after the ban it is refused and nothing is appended`, async () => {
      const storyId = await approvedStoryOfSomeone();
      const member = await signUp(server);
      const before = await server.running.application.stores.eventStore.headPosition();
      await banFromTheCli(member.id);
      const status = await write(storyId, () => member.agent);
      // 403 from the write's own precondition, or 401 once the server has seen the ban.
      expect([401, 403]).toContain(status);
      let after = 0;
      for await (const event of cli.readAll({ after: before }))
        if (event.type !== 'UserBanned') after++;
      expect(after, `${what} appended after the ban`).toBe(0);
    });
  }

  it('when no ban came in between the same writes succeed', async () => {
    const storyId = await approvedStoryOfSomeone();
    const member = await signUp(server);
    for (const [what, write] of writes)
      expect(await write(storyId, () => member.agent), what).toBeLessThan(300);
    expect(await eventsOf('StoryVoteCast')).toBeGreaterThan(0);
  });
});
