import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storyHistorySchema } from '@whosright/contracts/moderation/dto';
import { errorBodySchema } from '@whosright/contracts/shared/errors';
import { pageSchema } from '@whosright/contracts/shared/page';
import { adminStorySchema, myStorySchema, storyCardSchema } from '@whosright/contracts/story/dto';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { approvedStory, INVALID_STORY_BODIES } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;
let author: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

const head = () => server.running.application.stores.eventStore.headPosition();
const first = 'He never does the dishes. Who is right?';
const edited = { content: 'He never does the dishes; he says I never ask.', category: 'family' };

async function submitted(by = author, content = first) {
  const res = await by.agent.post('/api/stories').send({ content, category: 'household' });
  expect(res.status).toBe(201);
  return parseBody(res, storyCardSchema).id;
}

async function rejected(by = author, content = first) {
  const storyId = await submitted(by, content);
  await admin.agent
    .patch(`/api/admin/stories/${storyId}`)
    .send({ status: 'rejected', reason: 'Please add his side' })
    .expect(200);
  return storyId;
}

const resubmit = (by: Pick<typeof author, 'agent'>, storyId: string, body: object = edited) =>
  by.agent.post(`/api/stories/${storyId}/resubmit`).send(body);

async function pendingQueue() {
  const res = await admin.agent.get('/api/admin/stories?limit=50').expect(200);
  return parseBody(res, pageSchema(adminStorySchema)).items;
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'resubmit-admin@example.com' });
  admin = await signUp(server, { email: 'resubmit-admin@example.com', firstName: 'Hana' });
  author = await signUp(server, { firstName: 'Abel' });
  other = await signUp(server);
});
afterAll(async () => {
  await server.stop();
});

describe('resubmitting a rejected story', () => {
  it('when the author resubmits it is pending again with the new text, marked in the queue', async () => {
    const storyId = await rejected();
    const fresh = await submitted();
    const res = await resubmit(author, storyId, {
      content: `  ${edited.content}  `,
      category: edited.category,
    });
    expect(res.status).toBe(200);
    expect(parseBody(res, storyCardSchema)).toMatchObject({
      id: storyId,
      status: 'pending',
      ...edited,
    });

    const queue = await pendingQueue();
    const queued = queue.find((story) => story.id === storyId);
    expect(queued).toMatchObject({ ...edited, revision: 2 });
    expect(queued?.resubmittedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(queue.find((story) => story.id === fresh)).toMatchObject({
      revision: 1,
      resubmittedAt: null,
    });

    const mine = await author.agent.get('/api/users/stories').expect(200);
    const card = parseBody(mine, pageSchema(myStorySchema)).items.find((s) => s.id === storyId);
    // The note was answered: the card, pending again, no longer shows it.
    expect(card).toMatchObject({ status: 'pending', moderationReason: null });
  });

  it('when it is approved after a resubmission it is public with the new text', async () => {
    const storyId = await rejected();
    await resubmit(author, storyId).expect(200);
    await admin.agent
      .patch(`/api/admin/stories/${storyId}`)
      .send({ status: 'approved' })
      .expect(200);
    const res = await other.agent.get(`/api/stories/${storyId}`).expect(200);
    expect(res.body).toMatchObject({ status: 'approved', content: edited.content });
  });

  it('when resubmitted twice the history shows each revision with its text, the latest on top', async () => {
    const storyId = await rejected();
    await resubmit(author, storyId).expect(200);
    await admin.agent
      .patch(`/api/admin/stories/${storyId}`)
      .send({ status: 'rejected', reason: 'Still one-sided' })
      .expect(200);
    await resubmit(author, storyId, { content: 'Third try.', category: 'money' }).expect(200);

    const res = await admin.agent.get(`/api/admin/stories/${storyId}/history`).expect(200);
    const { story, steps } = storyHistorySchema.parse(res.body);
    expect(story).toMatchObject({ status: 'pending', content: 'Third try.', category: 'money' });
    expect(steps.map((s) => (s.type === 'status' ? `${s.from}->${s.to}` : s.type))).toEqual([
      'submitted',
      'pending->rejected',
      'resubmitted',
      'pending->rejected',
      'resubmitted',
    ]);
    expect(steps[0]).toMatchObject({ content: first, category: 'household' });
    expect(steps[2]).toMatchObject({
      revision: 2,
      ...edited,
      by: { id: author.id, displayName: 'Abel' },
    });
    expect(steps[4]).toMatchObject({ revision: 3, content: 'Third try.' });
  });

  it.each(['pending', 'approved', 'hidden'] as const)(
    'when the story is %s it answers 409 story_not_rejected and writes nothing',
    async (status) => {
      const storyId = await submitted();
      if (status !== 'pending')
        await admin.agent.patch(`/api/admin/stories/${storyId}`).send({ status }).expect(200);
      const before = await head();
      const res = await resubmit(author, storyId);
      expect(res.status).toBe(409);
      expect(parseBody(res, errorBodySchema)).toEqual({
        code: 'story_not_rejected',
        message: 'Only a rejected story can be resubmitted',
      });
      expect(await head()).toBe(before);
    },
  );

  it('when a story was published, voted on and then rejected, it cannot be resubmitted with other text: 409, nothing written', async () => {
    const storyId = await approvedStory(author, admin);
    await other.agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'he' }).expect(200);
    await admin.agent
      .patch(`/api/admin/stories/${storyId}`)
      .send({ status: 'rejected', reason: 'Names in it' })
      .expect(200);
    const mine = await author.agent.get('/api/users/stories?limit=50').expect(200);
    const card = parseBody(mine, pageSchema(myStorySchema)).items.find((s) => s.id === storyId);
    expect(card).toMatchObject({ status: 'rejected', resubmittable: false, heVotes: 1 });
    const position = await head();

    const res = await resubmit(author, storyId);

    expect(res.status).toBe(409);
    expect(parseBody(res, errorBodySchema)).toMatchObject({
      code: 'story_was_published',
      message:
        'A story that was published keeps its text, votes and comments: post a new story instead',
    });
    expect(await head()).toBe(position);
  });

  it('when a visitor resubmits it answers 401 and writes nothing', async () => {
    const storyId = await rejected();
    const before = await head();
    expect((await resubmit({ agent: server.agent() }, storyId)).status).toBe(401);
    expect(await head()).toBe(before);
  });

  it("when another member or an admin resubmits someone's story it answers 404 as for any story not theirs", async () => {
    const storyId = await rejected();
    const before = await head();
    for (const someone of [other, admin]) {
      const res = await resubmit(someone, storyId);
      expect(res.status).toBe(404);
      expect(parseBody(res, errorBodySchema).message).toBe('Story not found');
    }
    expect(await head()).toBe(before);
  });

  it('when an admin resubmits their own rejected story it is accepted', async () => {
    const storyId = await rejected(admin);
    expect((await resubmit(admin, storyId)).status).toBe(200);
  });

  it('when the story is unknown it answers 404; a malformed id 400', async () => {
    expect((await resubmit(author, 'story_01JZZZZZZZZZZZZZZZZZZZZZZZ')).status).toBe(404);
    expect((await resubmit(author, 'nope')).status).toBe(400);
  });

  it.each(INVALID_STORY_BODIES)(
    'when the body has %s it answers 400 with the messages a submission gets',
    async (_case, body) => {
      const storyId = await rejected();
      const before = await head();
      const res = await resubmit(author, storyId, body);
      expect(res.status).toBe(400);
      expect(await head()).toBe(before);
      const asSubmission = await author.agent.post('/api/stories').send(body);
      expect(asSubmission.status).toBe(400);
      expect(parseBody(res, errorBodySchema)).toEqual(parseBody(asSubmission, errorBodySchema));
    },
  );

  it('when the author is banned it answers 403 banned and writes nothing', async () => {
    const banned = await signUp(server);
    const storyId = await rejected(banned);
    await admin.agent.patch(`/api/admin/users/${banned.id}/ban`).expect(200);
    // The ban ends their sessions; signed in again, they are a banned member.
    const login = { email: banned.email, password: 'a good password' };
    await banned.agent.post('/api/auth/login').send(login).expect(200);
    const before = await head();
    const res = await resubmit(banned, storyId);
    expect(res.status).toBe(403);
    expect(parseBody(res, errorBodySchema).code).toBe('banned');
    expect(await head()).toBe(before);
  });

  it('when the author deleted their account no revision of their text is shown', async () => {
    const leaving = await signUp(server, { firstName: 'Leonie' });
    const storyId = await rejected(leaving, 'Leonie keeps the heating at nineteen degrees.');
    await resubmit(leaving, storyId, {
      content: 'Leonie says the thermostat is a shared decision.',
      category: 'household',
    }).expect(200);
    await leaving.agent
      .post('/api/users/me/delete')
      .send({ password: 'a good password' })
      .expect(200);

    const res = await admin.agent.get(`/api/admin/stories/${storyId}/history`).expect(200);
    expect(JSON.stringify(res.body)).not.toMatch(/Leonie|heating|thermostat/);
  });
});
