import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storyCardSchema, storyFeedSchema } from '@whosright/contracts/story/dto';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { startTestServer, type TestServer } from '#api/app/test-server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;
let author: Awaited<ReturnType<typeof signUp>>;

type Agent = Awaited<ReturnType<typeof signUp>>['agent'];

async function approvedStory() {
  const res = await author.agent
    .post('/api/stories')
    .send({ content: `She labels the shelves ${Math.random()}. Who is right?`, category: 'other' })
    .expect(201);
  const { id } = parseBody(res, storyCardSchema);
  await admin.agent.patch(`/api/admin/stories/${id}`).send({ status: 'approved' }).expect(200);
  return id;
}

async function verdictIn(agent: Agent, storyId: string) {
  const feed = parseBody(await agent.get('/api/stories?limit=50').expect(200), storyFeedSchema);
  const card = feed.items.find((item) => item.id === storyId);
  if (!card) throw new Error(`${storyId} is not on the feed's first page`);
  return card.verdict;
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'verdict-admin@example.com' });
  admin = await signUp(server, { email: 'verdict-admin@example.com' });
  author = await signUp(server);
});
afterAll(async () => {
  await server.stop();
});

describe('the verdict on a feed card', () => {
  it('when a member voted on a young story they see its verdict; a member who did not, and a visitor, do not', async () => {
    const storyId = await approvedStory();
    const voters = await Promise.all([signUp(server), signUp(server), signUp(server)]);
    for (const [voter, vote] of [
      [voters[0], 'she'],
      [voters[1], 'she'],
      [voters[2], 'he'],
    ] as const)
      await voter.agent.post(`/api/stories/${storyId}/vote`).send({ vote }).expect(200);
    const other = await signUp(server);

    expect(await verdictIn(voters[2].agent, storyId)).toEqual({ leader: 'she', percent: 67 });
    expect(await verdictIn(other.agent, storyId)).toBeNull();
    expect(await verdictIn(server.agent(), storyId)).toBeNull();
  });

  it('when the votes are tied the voter sees nobody ahead at 50%', async () => {
    const storyId = await approvedStory();
    const [ann, ben] = await Promise.all([signUp(server), signUp(server)]);
    await ann.agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'he' }).expect(200);
    await ben.agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'she' }).expect(200);
    expect(await verdictIn(ann.agent, storyId)).toEqual({ leader: null, percent: 50 });
  });
});
