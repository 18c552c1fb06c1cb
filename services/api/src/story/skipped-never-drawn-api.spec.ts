import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomStorySchema } from '@whosright/contracts/story/dto';
import { RANDOM_EXCLUDE_MAX } from '@whosright/contracts/shared/constants';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';

/** A story a reader skipped is never drawn for them again, in this session or the next. */
let server: TestServer;
const stories: string[] = [];
type Agent = ReturnType<TestServer['agent']>;

const draw = async (agent: Agent, exclude: readonly string[] = []) => {
  const query = exclude.length > 0 ? `?exclude=${exclude.join(',')}` : '';
  return parseBody(await agent.get(`/api/stories/random${query}`).expect(200), randomStorySchema)
    .id;
};

/** Every story twenty draws in a row bring. */
async function drawnIn20(agent: Agent, exclude: readonly string[] = []) {
  const drawn = new Set<string | null>();
  for (let i = 0; i < 20; i++) drawn.add(await draw(agent, exclude));
  return drawn;
}

const skip = (agent: Agent, storyId: string) =>
  agent.post(`/api/stories/${storyId}/track`).send({ action: 'skip' }).expect(204);

async function skipCount(storyId: string) {
  const { stores, queries } = server.running.application;
  await stores.projections.waitFor(await stores.eventStore.headPosition(), ['stories']);
  return (await queries.stories.byId(storyId))?.skipCount;
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'skipped-admin@example.com' });
  const admin = await signUp(server, { email: 'skipped-admin@example.com' });
  const author = await signUp(server);
  for (let i = 0; i < 6; i++)
    stories.push(await approvedStory(author, admin, `Skipped or not, story ${i}`, 'other'));
}, 60_000);
afterAll(async () => {
  await server.stop();
});

describe('skipped stories are never drawn again', () => {
  it('when a member skipped five of six stories, a new session (signed in again) draws only the sixth, then none', async () => {
    const member = await signUp(server);
    for (const id of stories.slice(0, 5)) await skip(member.agent, id);
    const again = server.agent();
    await again
      .post('/api/auth/login')
      .send({ email: member.email, password: 'a good password' })
      .expect(200);
    expect(await drawnIn20(again)).toEqual(new Set([stories[5]]));
    await skip(again, stories[5]!);
    expect(await draw(again)).toBeNull();
  });

  it('when a visitor skipped five of six stories, a new session with only their visitor cookie draws only the sixth', async () => {
    const visitor = server.agent();
    const first = await skip(visitor, stories[0]!);
    for (const id of stories.slice(1, 5)) await skip(visitor, id);
    const cookie = String(first.headers['set-cookie']).match(/wr_visitor=[^;]+/)?.[0];
    expect(cookie).toBeDefined();
    const nextSession = server.agent().set('Cookie', cookie!);
    expect(await drawnIn20(nextSession)).toEqual(new Set([stories[5]]));
  });

  it('when two visitors share an address, the second one skipping what the first did still leaves it out of their draws, counted once', async () => {
    const before = await Promise.all(stories.map(skipCount));
    const first = server.agent().set('X-Forwarded-For', '203.0.113.5');
    const second = server.agent().set('X-Forwarded-For', '203.0.113.5');
    for (const id of stories) await skip(first, id);
    for (const id of stories) await skip(second, id);
    expect(await draw(second)).toBeNull();
    expect(await draw(first)).toBeNull();
    const after = await Promise.all(stories.map(skipCount));
    expect(after).toEqual(before.map((count) => (count ?? 0) + 1));
  });

  it('when a draw is asked to leave out skips still on their way, it never draws them, for an unknown viewer too', async () => {
    const stranger = server.agent();
    const [current, ...rest] = stories;
    expect(await drawnIn20(stranger, [current!, ...rest.slice(0, 4)])).toEqual(
      new Set([stories[5]]),
    );
    expect(await draw(stranger, stories)).toBeNull();

    const member = await signUp(server);
    await skip(member.agent, stories[0]!);
    await skip(member.agent, stories[1]!);
    expect(await drawnIn20(member.agent, [stories[2]!, stories[3]!, stories[4]!])).toEqual(
      new Set([stories[5]]),
    );
  });

  it('when the list to leave out is malformed or longer than allowed it answers 400', async () => {
    const agent = server.agent();
    const tooMany = Array.from({ length: RANDOM_EXCLUDE_MAX + 1 }, () => stories[0]).join(',');
    for (const exclude of ['', `${stories[0]},`, `${stories[0]},bad`, tooMany])
      expect((await agent.get(`/api/stories/random?exclude=${exclude}`)).status).toBe(400);
  });
});
