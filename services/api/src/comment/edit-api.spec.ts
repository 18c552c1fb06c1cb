import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { heldCommentsPageSchema } from '@whosright/contracts/automod/dto';
import { commentSchema, flaggedCommentSchema } from '@whosright/contracts/comment/dto';
import { memberHistorySchema } from '@whosright/contracts/member-history/dto';
import { storyHistorySchema } from '@whosright/contracts/moderation/dto';
import { reportedTargetsPageSchema } from '@whosright/contracts/report/dto';
import { pageSchema } from '@whosright/contracts/shared/page';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';

type Member = Awaited<ReturnType<typeof signUp>>;

let server: TestServer;
let admin: Member;
let teller: Member;
const commentListSchema = z.array(commentSchema);
const head = () => server.running.application.stores.eventStore.headPosition();
const exportSchema = z.object({
  comments: z.array(
    z.object({
      id: z.string(),
      content: z.string(),
      editedAt: z.string().optional(),
      earlierVersions: z.array(z.object({ content: z.string(), until: z.string() })).optional(),
    }),
  ),
});

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'edit-admin@example.com' });
  admin = await signUp(server, { email: 'edit-admin@example.com' });
  teller = await signUp(server);
  const hold = { name: 'Widgets', phrases: ['widget*'], target: 'comment', action: 'hold' };
  await admin.agent.post('/api/admin/automod-rules').send(hold).expect(201);
  const flag = { name: 'Gadgets', phrases: ['gadget*'], target: 'comment', action: 'flag' };
  await admin.agent.post('/api/admin/automod-rules').send(flag).expect(201);
});
afterAll(async () => {
  await server.stop();
});

async function comment(by: Member, storyId: string, content: string) {
  const res = await by.agent.post(`/api/stories/${storyId}/comments`).send({ content }).expect(201);
  return parseBody(res, commentSchema);
}

/** A new member's comment `first` on a new story, which they then edit to `then`. */
async function editedComment(first: string, then: string) {
  const storyId = await approvedStory(teller, admin);
  const writer = await signUp(server);
  const posted = await comment(writer, storyId, first);
  await edit(writer, posted.id, { content: then }).expect(200);
  return { storyId, writer, posted };
}

const edit = (by: Member | null, id: string, body: object) =>
  (by ? by.agent : server.agent()).patch(`/api/comments/${id}`).send(body);

const listOf = async (storyId: string, viewer?: Member) =>
  parseBody(
    await (viewer ? viewer.agent : server.agent())
      .get(`/api/stories/${storyId}/comments`)
      .expect(200),
    commentListSchema,
  );

describe('PATCH /api/comments/{id}', () => {
  it('when its author edits a comment everyone reads the new text, marked edited with the time', async () => {
    const storyId = await approvedStory(teller, admin);
    const writer = await signUp(server);
    const posted = await comment(writer, storyId, 'He is wrong.');
    expect(posted.editedAt).toBeUndefined();
    const res = await edit(writer, posted.id, { content: '  He is right, actually.  ' });
    expect(res.status).toBe(200);
    const answered = parseBody(res, commentSchema);
    expect(answered).toMatchObject({
      id: posted.id,
      content: 'He is right, actually.',
      isOwn: true,
    });
    expect(answered.editedAt).toEqual(expect.any(String));
    const [seen] = await listOf(storyId);
    expect(seen).toMatchObject({ content: 'He is right, actually.', editedAt: answered.editedAt });

    const before = await head();
    await edit(writer, posted.id, { content: 'He is right, actually.' }).expect(200);
    expect(await head()).toBe(before);
  });

  it('when someone else, a visitor, a banned author or a bad body edits it is refused and nothing changes', async () => {
    const storyId = await approvedStory(teller, admin);
    const writer = await signUp(server);
    const posted = await comment(writer, storyId, 'Original.');
    const someoneElse = await signUp(server);
    const before = await head();
    const other = await edit(someoneElse, posted.id, { content: 'Hijacked' });
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ message: 'Only its author can edit this comment' });
    expect((await edit(admin, posted.id, { content: 'Admin words' })).status).toBe(403);
    expect((await edit(null, posted.id, { content: 'Visitor' })).status).toBe(401);
    for (const body of [
      { content: '   ' },
      { content: 'x'.repeat(1001) },
      {},
      { content: 'ok', id: 1 },
    ])
      expect((await edit(writer, posted.id, body)).status).toBe(400);
    expect(
      (await edit(writer, 'comment_01JZZZZZZZZZZZZZZZZZZZZZZZ', { content: 'ok' })).status,
    ).toBe(404);
    expect(await head()).toBe(before);
    await admin.agent.patch(`/api/admin/users/${writer.id}/ban`).expect(200);
    const banned = await head();
    // A ban ends the member's sessions: refused as signed out.
    expect((await edit(writer, posted.id, { content: 'Banned words' })).status).toBe(401);
    expect(await head()).toBe(banned);
    expect((await listOf(storyId))[0]?.content).toBe('Original.');
  });

  it('when the new text matches a hold rule the comment is held again until an admin approves the edit', async () => {
    const storyId = await approvedStory(teller, admin);
    const writer = await signUp(server);
    const posted = await comment(writer, storyId, 'Plain words.');
    const held = parseBody(
      await edit(writer, posted.id, { content: 'Buy my widgets.' }).expect(200),
      commentSchema,
    );
    expect(held).toMatchObject({ awaitingReview: true, content: 'Buy my widgets.' });
    const queue = parseBody(
      await admin.agent.get('/api/admin/comments/held?limit=50').expect(200),
      heldCommentsPageSchema,
    ).items.find((item) => item.id === posted.id);
    expect(queue?.content).toBe('Buy my widgets.');
    expect(queue?.earlierVersions?.map((v) => v.content)).toEqual(['Plain words.']);
    expect(await listOf(storyId)).toEqual([]);
    expect((await listOf(storyId, writer)).map((c) => c.content)).toEqual(['Buy my widgets.']);
    await admin.agent.post(`/api/admin/comments/held/${posted.id}/approve`).expect(204);
    expect((await listOf(storyId)).map((c) => c.content)).toEqual(['Buy my widgets.']);
  });

  it('when a reply’s edit is held its author still sees it under the comment it answers', async () => {
    const storyId = await approvedStory(teller, admin);
    const writer = await signUp(server);
    const parent = await comment(teller, storyId, 'Ask me anything.');
    const res = await writer.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'A fair question.', parentId: parent.id })
      .expect(201);
    const replyId = parseBody(res, commentSchema).id;
    const held = parseBody(
      await edit(writer, replyId, { content: 'Widgets for sale.' }).expect(200),
      commentSchema,
    );
    expect(held).toMatchObject({ awaitingReview: true, parentId: parent.id });
  });

  it('when the member exports their data every version of an edited comment is in it', async () => {
    const { writer, posted } = await editedComment('First take.', 'Second take.');
    await edit(writer, posted.id, { content: 'Third take.' }).expect(200);
    const exported = parseBody(
      await writer.agent.get('/api/users/me/export').expect(200),
      exportSchema,
    );
    const mine = exported.comments.find((c) => c.id === posted.id);
    expect(mine?.content).toBe('Third take.');
    expect(mine?.earlierVersions?.map((v) => v.content)).toEqual(['First take.', 'Second take.']);
  });

  it('when the member deletes their account no version of an edited comment is left in any answer', async () => {
    const storyId = await approvedStory(teller, admin);
    const writer = await signUp(server);
    const reader = await signUp(server);
    const posted = await comment(writer, storyId, 'Secret first words.');
    await comment(reader, storyId, 'Someone else.');
    await edit(writer, posted.id, { content: 'Secret second words.' }).expect(200);
    await writer.agent
      .post('/api/users/me/delete')
      .send({ password: 'a good password' })
      .expect(200);
    const answers = [
      await server.agent().get(`/api/stories/${storyId}/comments`),
      await admin.agent.get(`/api/stories/${storyId}/comments`),
      await admin.agent.get('/api/admin/flagged-comments'),
      await admin.agent.get(`/api/admin/users/${writer.id}/history`),
      await admin.agent.get('/api/admin/moderation-log'),
    ];
    for (const res of answers)
      expect(JSON.stringify(res.body)).not.toMatch(/Secret (first|second)/);
  });

  it('when an edit matches a flag rule the flagged list shows the text now and the earlier ones', async () => {
    const { posted } = await editedComment('Innocent opener.', 'Now selling gadgets.');
    const flagged = parseBody(
      await admin.agent.get('/api/admin/flagged-comments?limit=50').expect(200),
      pageSchema(flaggedCommentSchema),
    ).items.find((item) => item.id === posted.id);
    expect(flagged?.content).toBe('Now selling gadgets.');
    expect(flagged?.earlierVersions?.map((v) => v.content)).toEqual(['Innocent opener.']);
  });

  it('when a reported comment was edited the reports queue shows the text now and the earlier ones', async () => {
    const { posted } = await editedComment('Rude at first.', 'Polite now.');
    await (
      await signUp(server)
    ).agent
      .post('/api/reports')
      .send({ targetType: 'comment', targetId: posted.id, reason: 'harassment' })
      .expect(201);
    const reported = parseBody(
      await admin.agent.get('/api/admin/reports?status=open&limit=50').expect(200),
      reportedTargetsPageSchema,
    ).items.find((item) => item.targetId === posted.id);
    expect(reported?.text).toBe('Polite now.');
    expect(reported?.earlierVersions?.map((v) => v.content)).toEqual(['Rude at first.']);
  });

  it('when a comment is edited the story history and the member record list the edit', async () => {
    const { storyId, writer, posted } = await editedComment('Take one.', 'Take two.');
    const story = parseBody(
      await admin.agent.get(`/api/admin/stories/${storyId}/history`).expect(200),
      storyHistorySchema,
    );
    expect(story.steps.filter((step) => step.type === 'commentEdited')).toEqual([
      expect.objectContaining({
        commentId: posted.id,
        previous: 'Take one.',
        content: 'Take two.',
      }),
    ]);
    const member = parseBody(
      await admin.agent.get(`/api/admin/users/${writer.id}/history`).expect(200),
      memberHistorySchema,
    );
    expect(member.entries).toEqual([
      expect.objectContaining({ kind: 'decision', action: 'comment.edit', source: 'author' }),
    ]);
  });
});
