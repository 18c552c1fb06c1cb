import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';

/**
 * Writes on a story sent through the API at the same moment as an admin hides it: each one is
 * either in the log before the hide, or refused with the 404 of a story that is not approved;
 * none lands after the hide. The story's approval is checked on its own stream at the revision
 * the write appends at (decided again when the hide moved it), so no write slips in behind it.
 */
let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'hide-race-admin@example.com' });
  admin = await signUp(server, { email: 'hide-race-admin@example.com' });
});
afterAll(async () => {
  await server.stop();
});

type Write = 'vote' | 'view' | 'skip' | 'reaction';
/** The event each write appends when it lands. */
const landed: Record<Write, string> = {
  vote: 'StoryVoteCast',
  view: 'StoryViewed',
  skip: 'StorySkipped',
  reaction: 'StoryReactionAdded',
};

/** One of each write, from a fresh member (vote, reaction) and fresh visitors (view, skip). */
async function wave(storyId: string): Promise<Array<() => Promise<[Write, number]>>> {
  const member = await signUp(server);
  const viewer = server.agent();
  const skipper = server.agent();
  const sent = async (write: Write, request: PromiseLike<{ status: number }>) =>
    [write, (await request).status] as [Write, number];
  return [
    () => sent('vote', member.agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'she' })),
    () =>
      sent(
        'reaction',
        member.agent.post(`/api/stories/${storyId}/reactions`).send({ type: 'lol' }),
      ),
    () => sent('view', viewer.post(`/api/stories/${storyId}/track`).send({ action: 'view' })),
    () => sent('skip', skipper.post(`/api/stories/${storyId}/track`).send({ action: 'skip' })),
  ];
}

/** The story's events in log order, with the position of its hide. */
async function storyLog(storyId: string) {
  const events: Array<{ type: string; position: bigint; to?: string }> = [];
  for await (const event of server.running.application.stores.eventStore.readAll()) {
    const data = event.data as { storyId?: string; to?: string };
    if (data.storyId === storyId)
      events.push({ type: event.type, position: event.position, to: data.to });
  }
  const hide = events.find((e) => e.type === 'StoryModerated' && e.to === 'hidden');
  return { events, hiddenAt: hide!.position };
}

describe('writes sent at the same moment as a hide', () => {
  it('when a vote, a view, a skip and a reaction race a hide each lands before it or is refused with 404, never after it', async () => {
    for (let round = 0; round < 2; round++) {
      const storyId = await approvedStory(
        await signUp(server),
        admin,
        'He salts the pasta water twice. Who is right?',
        'lifestyle',
      );
      const [before, beside, soon, after] = await Promise.all([
        wave(storyId),
        wave(storyId),
        wave(storyId),
        wave(storyId),
      ]);
      // Sent just before and beside the hide, then once the first racing write is answered (the
      // hide still on its way); the last wave once the hide answered.
      const racing = before.map((send) => send());
      const hide = admin.agent
        .patch(`/api/admin/stories/${storyId}`)
        .send({ status: 'hidden' })
        .then((res) => res.status);
      racing.push(...beside.map((send) => send()));
      await Promise.race(racing);
      racing.push(...soon.map((send) => send()));
      expect(await hide).toBe(200);
      const late = await Promise.all(after.map((send) => send()));
      const answers = [...(await Promise.all(racing)), ...late];

      const { events, hiddenAt } = await storyLog(storyId);
      const writeTypes = new Set(Object.values(landed));
      const behindTheHide = events.filter((e) => writeTypes.has(e.type) && e.position > hiddenAt);
      expect(behindTheHide, `round ${round}: writes appended after the hide`).toEqual([]);
      for (const [write, status] of answers)
        expect([write === 'vote' || write === 'reaction' ? 200 : 204, 404]).toContain(status);
      expect(late.map(([, status]) => status)).toEqual([404, 404, 404, 404]);
      // Each write answered as done is in the log, before the hide.
      for (const write of Object.keys(landed) as Write[]) {
        const done = answers.filter(([w, status]) => w === write && status !== 404).length;
        const inLog = events.filter((e) => e.type === landed[write]).length;
        expect(inLog, `round ${round}: ${write}s in the log`).toBe(done);
      }
    }
  }, 60_000);
});
