import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  reactionCountsSchema,
  storyCardSchema,
  storyViewSchema,
} from '@whosright/contracts/story/dto';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { startTestServer, type TestServer } from '#api/app/test-server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;
let author: Awaited<ReturnType<typeof signUp>>;

const head = () => server.running.application.stores.eventStore.headPosition();

async function submittedStory() {
  const res = await author.agent
    .post('/api/stories')
    .send({
      content: `He reheats fish at the office ${Math.random()}. Who is right?`,
      category: 'other',
    })
    .expect(201);
  return parseBody(res, storyCardSchema).id;
}

async function approvedStory() {
  const id = await submittedStory();
  await admin.agent.patch(`/api/admin/stories/${id}`).send({ status: 'approved' }).expect(200);
  return id;
}

type Agent = Awaited<ReturnType<typeof signUp>>['agent'];
const give = (agent: Agent, storyId: string, type: string) =>
  agent.put(`/api/stories/${storyId}/reactions/${type}`);
const withdraw = (agent: Agent, storyId: string, type: string) =>
  agent.delete(`/api/stories/${storyId}/reactions/${type}`);
const myReactions = async (agent: Agent, storyId: string) =>
  parseBody(await agent.get(`/api/stories/${storyId}`).expect(200), storyViewSchema).myReactions;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'reactions-admin@example.com' });
  admin = await signUp(server, { email: 'reactions-admin@example.com' });
  author = await signUp(server);
});
afterAll(async () => {
  await server.stop();
});

describe('giving and withdrawing reactions', () => {
  it('when a member gives reactions the counts come back and the story shows them as theirs', async () => {
    const storyId = await approvedStory();
    const ann = await signUp(server);
    const ben = await signUp(server);
    const counts = parseBody(
      await give(ann.agent, storyId, 'wtf').expect(200),
      reactionCountsSchema,
    );
    expect(counts).toEqual({ relatable: 0, lol: 0, wtf: 1 });
    await give(ann.agent, storyId, 'relatable').expect(200);
    expect((await give(ben.agent, storyId, 'wtf').expect(200)).body).toEqual({
      relatable: 1,
      lol: 0,
      wtf: 2,
    });
    expect(await myReactions(ann.agent, storyId)).toEqual(['relatable', 'wtf']);
    expect(await myReactions(ben.agent, storyId)).toEqual(['wtf']);
    expect(await myReactions(server.agent(), storyId)).toEqual([]);
  });

  it('when a member gives a reaction twice the second changes nothing and appends nothing', async () => {
    const storyId = await approvedStory();
    const ann = await signUp(server);
    await give(ann.agent, storyId, 'lol').expect(200);
    const before = await head();
    expect((await give(ann.agent, storyId, 'lol').expect(200)).body).toEqual({
      relatable: 0,
      lol: 1,
      wtf: 0,
    });
    expect(await head()).toBe(before);
  });

  it('when a member withdraws a reaction it is no longer counted or theirs; withdrawing again changes nothing', async () => {
    const storyId = await approvedStory();
    const ann = await signUp(server);
    await give(ann.agent, storyId, 'lol').expect(200);
    await give(ann.agent, storyId, 'relatable').expect(200);
    expect((await withdraw(ann.agent, storyId, 'lol').expect(200)).body).toEqual({
      relatable: 1,
      lol: 0,
      wtf: 0,
    });
    expect(await myReactions(ann.agent, storyId)).toEqual(['relatable']);
    const before = await head();
    await withdraw(ann.agent, storyId, 'lol').expect(200);
    await withdraw(ann.agent, storyId, 'wtf').expect(200);
    expect(await head()).toBe(before);
  });

  it('when a member toggles with POST the story shows the result as theirs too', async () => {
    const storyId = await approvedStory();
    const ann = await signUp(server);
    await ann.agent.post(`/api/stories/${storyId}/reactions`).send({ type: 'lol' }).expect(200);
    expect(await myReactions(ann.agent, storyId)).toEqual(['lol']);
    await ann.agent.post(`/api/stories/${storyId}/reactions`).send({ type: 'lol' }).expect(200);
    expect(await myReactions(ann.agent, storyId)).toEqual([]);
  });
});

describe('reactions refused', () => {
  it.each([
    ['an unknown reaction', 'love', 400],
    ['a reaction in capitals', 'LOL', 400],
  ])('when a member gives %s it answers %i and writes nothing', async (_, type, status) => {
    const storyId = await approvedStory();
    const ann = await signUp(server);
    const before = await head();
    expect((await give(ann.agent, storyId, type)).status).toBe(status);
    expect((await withdraw(ann.agent, storyId, type)).status).toBe(status);
    expect(await head()).toBe(before);
  });

  it('when the story id is malformed it answers 400; a pending story 404; both write nothing', async () => {
    const ann = await signUp(server);
    const pending = await submittedStory();
    const before = await head();
    expect((await give(ann.agent, 'story_nope', 'lol')).status).toBe(400);
    expect((await give(ann.agent, pending, 'lol')).status).toBe(404);
    expect((await withdraw(ann.agent, pending, 'lol')).status).toBe(404);
    expect(await head()).toBe(before);
  });

  it('when a visitor or a banned member reacts it answers 401 / 403 and writes nothing', async () => {
    const storyId = await approvedStory();
    const banned = await signUp(server);
    await admin.agent.patch(`/api/admin/users/${banned.id}/ban`).expect(200);
    // A ban ends the member's sessions; a banned member may still sign in and read.
    await banned.agent
      .post('/api/auth/login')
      .send({ email: banned.email, password: 'a good password' })
      .expect(200);
    const before = await head();
    expect((await give(server.agent(), storyId, 'lol')).status).toBe(401);
    expect((await give(banned.agent, storyId, 'lol')).status).toBe(403);
    expect((await withdraw(banned.agent, storyId, 'lol')).status).toBe(403);
    expect(await head()).toBe(before);
  });
});
