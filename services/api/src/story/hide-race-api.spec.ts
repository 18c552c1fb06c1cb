import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLogElsewhere, type LogElsewhere } from '#api/app/testing/log-elsewhere';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';

/**
 * A story hidden from another process (the admin CLI, a second API) is known to this server's
 * read models a moment later. A vote, view or reaction in that moment must be refused by the
 * story's own stream, not land on a hidden story.
 */
let server: TestServer;
let elsewhere: LogElsewhere;
let admin: Awaited<ReturnType<typeof signUp>>;

async function hideFromElsewhere(storyId: string) {
  await elsewhere.append(
    `story-${storyId}`,
    [
      {
        type: 'StoryModerated',
        data: { storyId, moderatorId: admin.id, from: 'approved', to: 'hidden', reason: null },
        metadata: { correlationId: 'elsewhere' },
      },
    ],
    'any',
  );
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'hide-race-admin@example.com' });
  admin = await signUp(server, { email: 'hide-race-admin@example.com' });
  elsewhere = openLogElsewhere(server.dataDir);
});
afterAll(async () => {
  await elsewhere.close();
  await server.stop();
});

describe('a story hidden at the same moment as a write on it', () => {
  const writes: Array<[string, (storyId: string, member: TestServer['agent']) => Promise<number>]> =
    [
      [
        'a vote',
        async (storyId, agent) =>
          (await agent().post(`/api/stories/${storyId}/vote`).send({ vote: 'she' })).status,
      ],
      [
        'a view',
        async (storyId, agent) =>
          (await agent().post(`/api/stories/${storyId}/track`).send({ action: 'view' })).status,
      ],
      [
        'a reaction',
        async (storyId, agent) =>
          (await agent().post(`/api/stories/${storyId}/reactions`).send({ type: 'lol' })).status,
      ],
    ];

  for (const [what, write] of writes) {
    it(`when ${what} arrives right after the hide it is refused and nothing is appended`, async () => {
      const storyId = await approvedStory(
        await signUp(server),
        admin,
        'He salts the pasta water twice. Who is right?',
        'lifestyle',
      );
      const member = await signUp(server);
      // The server folds the story once, as a busy server would have.
      await member.agent.get(`/api/stories/${storyId}`).expect(200);
      const before = await elsewhere.headPosition();
      await hideFromElsewhere(storyId);
      const status = await write(storyId, () => member.agent);
      expect(status).toBe(404);
      let appended = 0;
      for await (const event of elsewhere.readAll({ after: before }))
        if (event.type !== 'StoryModerated') appended++;
      expect(appended, `${what} appended after the hide`).toBe(0);
    });
  }
});
