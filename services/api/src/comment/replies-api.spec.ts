import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commentSchema } from '@whosright/contracts/comment/dto';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';

type Member = Awaited<ReturnType<typeof signUp>>;

let server: TestServer;
let admin: Member;
let teller: Member;
let ada: Member;
let ben: Member;
const commentListSchema = z.array(commentSchema);
const head = () => server.running.application.stores.eventStore.headPosition();

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'replies-admin@example.com' });
  admin = await signUp(server, { email: 'replies-admin@example.com' });
  teller = await signUp(server);
  ada = await signUp(server, { firstName: 'Ada' });
  ben = await signUp(server, { firstName: 'Ben' });
  const rule = { name: 'Sprockets', phrases: ['sprocket*'], target: 'comment', action: 'hold' };
  await admin.agent.post('/api/admin/automod-rules').send(rule).expect(201);
});
afterAll(async () => {
  await server.stop();
});

async function reply(by: Member, storyId: string, content: string, parentId?: string) {
  const res = await by.agent
    .post(`/api/stories/${storyId}/comments`)
    .send(parentId ? { content, parentId } : { content });
  expect(res.status).toBe(201);
  return parseBody(res, commentSchema);
}

async function listOf(storyId: string, viewer?: Member) {
  const agent = viewer ? viewer.agent : server.agent();
  return parseBody(
    await agent.get(`/api/stories/${storyId}/comments`).expect(200),
    commentListSchema,
  );
}

describe('replies', () => {
  it('when members reply to a comment and to a reply the list gives each its parent and reply count', async () => {
    const storyId = await approvedStory(teller, admin);
    const top = await reply(ada, storyId, 'He is right.');
    const answer = await reply(ben, storyId, 'No, she is.', top.id);
    expect(answer).toMatchObject({ parentId: top.id, replyCount: 0 });
    const deeper = await reply(ada, storyId, 'Why do you say so?', answer.id);
    const comments = await listOf(storyId);
    const byId = new Map(comments.map((c) => [c.id, c]));
    expect(byId.get(top.id)).toMatchObject({ parentId: null, replyCount: 1 });
    expect(byId.get(answer.id)).toMatchObject({ parentId: top.id, replyCount: 1 });
    expect(byId.get(deeper.id)).toMatchObject({ parentId: answer.id, replyCount: 0 });
  });

  it('when the parent is unknown, of another story, held or deleted the reply is a 404 and writes nothing', async () => {
    const storyId = await approvedStory(teller, admin);
    const otherStory = await approvedStory(teller, admin, 'Another story. Who is right?');
    const elsewhere = await reply(ada, otherStory, 'Over here.');
    const held = await reply(ada, storyId, 'A sprocket of a comment.');
    expect(held.awaitingReview).toBe(true);
    const gone = await reply(ada, storyId, 'Soon gone.');
    await ada.agent.delete(`/api/comments/${gone.id}`).expect(204);
    for (const parentId of ['comment_01JZZZZZZZZZZZZZZZZZZZZZZZ', elsewhere.id, held.id, gone.id]) {
      const before = await head();
      const res = await ben.agent
        .post(`/api/stories/${storyId}/comments`)
        .send({ content: 'A reply', parentId });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: 'The comment you are replying to is not there' });
      expect(await head()).toBe(before);
    }
    const bad = await ben.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'A reply', parentId: 'not-an-id' });
    expect(bad.status).toBe(400);
  });

  it('when a comment with replies is deleted its replies stay under "[deleted]" with nothing of its author', async () => {
    const storyId = await approvedStory(teller, admin);
    const top = await reply(ada, storyId, 'Hot take from Ada.');
    const middle = await reply(ben, storyId, 'Ben answers.', top.id);
    const last = await reply(teller, storyId, 'And a last word.', middle.id);
    await ada.agent.delete(`/api/comments/${top.id}`).expect(204);
    await ben.agent.delete(`/api/comments/${middle.id}`).expect(204);
    const comments = await listOf(storyId);
    expect(comments.map((c) => c.id)).toEqual([top.id, middle.id, last.id]);
    // Counts are of replies still standing: the middle one is deleted too.
    expect(comments[0]).toMatchObject({ content: '[deleted]', deleted: true, replyCount: 0 });
    expect(comments[1]).toMatchObject({ content: '[deleted]', parentId: top.id, replyCount: 1 });
    expect(comments[2]).toMatchObject({ content: 'And a last word.', parentId: middle.id });
    expect(JSON.stringify(comments)).not.toContain('Hot take');
    expect(JSON.stringify(comments)).not.toContain(ada.id);
  });

  it('when a reply is deleted its parent counts one reply fewer, and a deleted comment without replies is not listed', async () => {
    const storyId = await approvedStory(teller, admin);
    const top = await reply(ada, storyId, 'Top.');
    const answer = await reply(ben, storyId, 'Answer.', top.id);
    await ben.agent.delete(`/api/comments/${answer.id}`).expect(204);
    const comments = await listOf(storyId);
    expect(comments.map((c) => [c.id, c.replyCount])).toEqual([[top.id, 0]]);
  });

  it('when automod holds a reply only its author sees it, with its parent, until approved', async () => {
    const storyId = await approvedStory(teller, admin);
    const top = await reply(ada, storyId, 'Top.');
    const held = await reply(ben, storyId, 'My sprocket reply.', top.id);
    expect(held).toMatchObject({ awaitingReview: true, parentId: top.id });
    expect((await listOf(storyId)).map((c) => c.id)).toEqual([top.id]);
    expect((await listOf(storyId, ben)).map((c) => c.id)).toEqual([top.id, held.id]);
    await admin.agent.post(`/api/admin/comments/held/${held.id}/approve`).expect(204);
    const after = await listOf(storyId);
    expect(after.map((c) => [c.id, c.parentId, c.replyCount])).toEqual([
      [top.id, null, 1],
      [held.id, top.id, 0],
    ]);
  });

  it('when a banned member replies it is refused and nothing is written', async () => {
    const storyId = await approvedStory(teller, admin);
    const top = await reply(ada, storyId, 'Top.');
    const banned = await signUp(server);
    await admin.agent.patch(`/api/admin/users/${banned.id}/ban`).expect(200);
    const before = await head();
    const res = await banned.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'Let me in', parentId: top.id });
    // A ban ends the member's sessions: refused as signed out.
    expect(res.status).toBe(401);
    expect(await head()).toBe(before);
  });

  it('when a member who replied and was replied to deletes their account, no text or name of theirs is left', async () => {
    const storyId = await approvedStory(teller, admin);
    const leaver = await signUp(server, { firstName: 'Zebedee' });
    const stayer = await signUp(server, { firstName: 'Stella' });
    const asked = await reply(stayer, storyId, 'Was it fair?');
    await reply(leaver, storyId, 'Zebedee says no way.', asked.id);
    const own = await reply(leaver, storyId, 'Zebedee starts a thread.');
    await reply(stayer, storyId, 'Stella answers.', own.id);
    await leaver.agent
      .post('/api/users/me/delete')
      .send({ password: 'a good password' })
      .expect(200);
    const answers = [
      await server.agent().get(`/api/stories/${storyId}/comments`),
      await stayer.agent.get(`/api/stories/${storyId}/comments`),
      await admin.agent.get(`/api/stories/${storyId}/comments`),
      await stayer.agent.get('/api/notifications'),
    ];
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toMatch(/Zebedee/);
    }
    const list = parseBody(answers[0]!, commentListSchema);
    expect(list.find((c) => c.id === own.id)).toMatchObject({
      content: '[deleted]',
      deleted: true,
    });
    expect(list.map((c) => c.content)).toContain('Stella answers.');
  });
});
