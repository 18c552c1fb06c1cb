import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedStateSchema, savedStoriesPageSchema } from '@whosright/contracts/saved/dto';
import { storyViewSchema } from '@whosright/contracts/story/dto';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { approvedStory as approved, submittedStory as submitted } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;
let author: Awaited<ReturnType<typeof signUp>>;
type Agent = Awaited<ReturnType<typeof signUp>>['agent'];

const head = () => server.running.application.stores.eventStore.headPosition();

const text = (words = 'He keeps the thermostat at 25') =>
  `${words} ${Math.random()}. Who is right?`;
const submittedStory = () => submitted(author, text());
const approvedStory = (words?: string) => approved(author, admin, text(words));

const save = (agent: Agent, storyId: string) => agent.put(`/api/stories/${storyId}/saved`);
const unsave = (agent: Agent, storyId: string) => agent.delete(`/api/stories/${storyId}/saved`);
const savedIds = async (agent: Agent, query = '') =>
  parseBody(await agent.get(`/api/users/saved${query}`).expect(200), savedStoriesPageSchema);
const isSaved = async (agent: Agent, storyId: string) =>
  parseBody(await agent.get(`/api/stories/${storyId}`).expect(200), storyViewSchema).saved;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'saved-admin@example.com' });
  admin = await signUp(server, { email: 'saved-admin@example.com' });
  author = await signUp(server);
});
afterAll(async () => {
  await server.stop();
});

describe('saved stories', () => {
  it('when a member saves stories they list newest saved first, and the story says it is saved', async () => {
    const first = await approvedStory('She alphabetises the spice rack');
    const second = await approvedStory('He folds towels in thirds');
    const ann = await signUp(server);
    expect(parseBody(await save(ann.agent, first).expect(200), savedStateSchema)).toEqual({
      saved: true,
    });
    await save(ann.agent, second).expect(200);

    const page = await savedIds(ann.agent);
    expect(page.items.map((s) => s.id)).toEqual([second, first]);
    expect(page.items[0]!.content).toContain('He folds towels in thirds');
    expect(Date.parse(page.items[0]!.savedAt)).toBeGreaterThanOrEqual(
      Date.parse(page.items[1]!.savedAt),
    );
    expect(await isSaved(ann.agent, first)).toBe(true);
    // Another member's and a visitor's view of the same story: not saved by them.
    expect(await isSaved((await signUp(server)).agent, first)).toBe(false);
    expect(await isSaved(server.agent(), first)).toBe(false);
  });

  it('when a member saves a story twice or unsaves one not saved nothing is appended', async () => {
    const storyId = await approvedStory();
    const ann = await signUp(server);
    await save(ann.agent, storyId).expect(200);
    const before = await head();
    await save(ann.agent, storyId).expect(200);
    expect(await head()).toBe(before);
    await unsave(ann.agent, storyId).expect(200);
    const afterUnsave = await head();
    expect(parseBody(await unsave(ann.agent, storyId).expect(200), savedStateSchema).saved).toBe(
      false,
    );
    expect(await head()).toBe(afterUnsave);
    expect((await savedIds(ann.agent)).items).toEqual([]);
    expect(await isSaved(ann.agent, storyId)).toBe(false);
  });

  it('when the list is longer than a page it comes in cursor pages', async () => {
    const ann = await signUp(server);
    const ids = [];
    for (let i = 0; i < 3; i += 1) {
      const id = await approvedStory(`Paged story ${i}`);
      await save(ann.agent, id).expect(200);
      ids.push(id);
    }
    const first = await savedIds(ann.agent, '?limit=2');
    expect(first.items.map((s) => s.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).not.toBeNull();
    const second = await savedIds(ann.agent, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((s) => s.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();
  });

  it('when a saved story is hidden it leaves the list, and unsaving it still works', async () => {
    const storyId = await approvedStory();
    const ann = await signUp(server);
    await save(ann.agent, storyId).expect(200);
    await admin.agent.patch(`/api/admin/stories/${storyId}`).send({ status: 'hidden' }).expect(200);
    expect((await savedIds(ann.agent)).items).toEqual([]);
    await unsave(ann.agent, storyId).expect(200);
  });

  it('when the story is pending, unknown or malformed saving is refused and writes nothing', async () => {
    const pending = await submittedStory();
    const ann = await signUp(server);
    const before = await head();
    expect((await save(ann.agent, pending)).status).toBe(404);
    expect((await save(ann.agent, 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV')).status).toBe(404);
    const malformed = await save(ann.agent, 'not-a-story');
    expect(malformed.status).toBe(400);
    expect(malformed.body).not.toHaveProperty('stack');
    expect((await ann.agent.get('/api/users/saved?limit=0')).status).toBe(400);
    expect((await ann.agent.get('/api/users/saved?cursor=%%%')).status).toBe(400);
    expect(await head()).toBe(before);
  });

  it('when a visitor or a banned member saves it answers 401 / 403 and writes nothing; the banned one still reads the list', async () => {
    const storyId = await approvedStory();
    const banned = await signUp(server);
    await save(banned.agent, storyId).expect(200);
    await admin.agent.patch(`/api/admin/users/${banned.id}/ban`).expect(200);
    // A ban ends the member's sessions; a banned member may still sign in and read.
    await banned.agent
      .post('/api/auth/login')
      .send({ email: banned.email, password: 'a good password' })
      .expect(200);
    const before = await head();
    expect((await save(server.agent(), storyId)).status).toBe(401);
    expect((await server.agent().get('/api/users/saved')).status).toBe(401);
    expect((await save(banned.agent, storyId)).status).toBe(403);
    expect((await unsave(banned.agent, storyId)).status).toBe(403);
    expect(await head()).toBe(before);
    expect((await savedIds(banned.agent)).items.map((s) => s.id)).toEqual([storyId]);
  });
});
