import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { heldCommentsPageSchema } from '@whosright/contracts/automod/dto';
import { commentSchema, flaggedCommentSchema } from '@whosright/contracts/comment/dto';
import { moderationLogPageSchema } from '@whosright/contracts/moderation/dto';
import { adminStorySchema, storyCardSchema } from '@whosright/contracts/story/dto';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';

type Member = Awaited<ReturnType<typeof signUp>>;

let server: TestServer;
let admin: Member;

const head = () => server.running.application.stores.eventStore.headPosition();
const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'automod-apply@example.com' });
  admin = await signUp(server, { email: 'automod-apply@example.com' });
  const rules = [
    { name: 'Shop links', phrases: ['cheap watch*'], target: 'story', action: 'mark' },
    { name: 'Insults', phrases: ['numpt?', 'total plonker'], target: 'comment', action: 'hold' },
    { name: 'Crypto', phrases: ['crypto*'], target: 'comment', action: 'flag' },
  ];
  for (const rule of rules)
    await admin.agent.post('/api/admin/automod-rules').send(rule).expect(201);
});
afterAll(async () => {
  await server.stop();
});

async function commentsAs(member: Member | null, storyId: string) {
  const agent = member ? member.agent : server.agent();
  const res = await agent.get(`/api/stories/${storyId}/comments`).expect(200);
  return parseBody(res, z.array(commentSchema));
}

async function held() {
  const res = await admin.agent.get('/api/admin/comments/held?limit=50').expect(200);
  return parseBody(res, heldCommentsPageSchema).items;
}

async function commentCount(storyId: string) {
  const res = await admin.agent.get(`/api/stories/${storyId}`).expect(200);
  return parseBody(res, storyCardSchema).commentCount;
}

async function logOf(targetId: string) {
  const res = await admin.agent.get(`/api/admin/moderation-log?targetId=${targetId}`).expect(200);
  return parseBody(res, moderationLogPageSchema).items;
}

/** An approved story, its author, and a member who comments on it. */
async function thread() {
  const author = await signUp(server);
  const storyId = await approvedStory(author, admin);
  return { storyId, author, commenter: await signUp(server) };
}

const post = (member: Member, storyId: string, content: string) =>
  member.agent.post(`/api/stories/${storyId}/comments`).send({ content }).expect(201);

describe('automod rules applied to stories', () => {
  it('mark a matching story in the moderation queue with the rule name, and no other', async () => {
    const author = await signUp(server);
    const idOf = async (content: string) =>
      z
        .object({ id: z.string() })
        .parse(
          (await author.agent.post('/api/stories').send({ content, category: 'money' }).expect(201))
            .body,
        ).id;
    const marked = await idOf('He sells CHEAP watches from the garage. Who is right?');
    const clean = await idOf('He sells cheap lamps from the garage. Who is right?');
    const res = await admin.agent.get('/api/admin/stories?limit=50').expect(200);
    const queue = parseBody(res, page(adminStorySchema)).items;
    expect(queue.find((story) => story.id === marked)?.automodMatch).toBe('Shop links');
    const unmarked = queue.find((story) => story.id === clean);
    expect(unmarked).toBeDefined();
    expect(unmarked?.automodMatch).toBeUndefined();
  });
});

describe('automod rules applied to comments', () => {
  it('when a holding rule changes its phrases the held comment shows the phrase it matches now', async () => {
    const rule = await admin.agent
      .post('/api/admin/automod-rules')
      .send({ name: 'Twits', phrases: ['twit'], target: 'comment', action: 'hold' })
      .expect(201);
    const ruleId = (rule.body as { id: string }).id;
    const { storyId, commenter } = await thread();
    const posted = parseBody(await post(commenter, storyId, 'You twit, honestly.'), commentSchema);
    const phraseOf = async () => (await held()).find((item) => item.id === posted.id)?.phrase;
    expect(await phraseOf()).toBe('twit');
    await admin.agent
      .patch(`/api/admin/automod-rules/${ruleId}`)
      .send({ phrases: ['nitwit', 'twit*'] })
      .expect(200);
    expect(await phraseOf()).toBe('twit*');
    await admin.agent
      .patch(`/api/admin/automod-rules/${ruleId}`)
      .send({ phrases: ['nitwit'] })
      .expect(200);
    expect(await phraseOf()).toBeNull();
  });

  it('hold a matching comment: its author alone sees it, awaiting review, and admins queue it', async () => {
    const { storyId, commenter } = await thread();
    const before = await commentCount(storyId);
    const res = await post(commenter, storyId, 'What a numpty he is.');
    const posted = parseBody(res, commentSchema);
    expect(posted).toMatchObject({ content: 'What a numpty he is.', awaitingReview: true });

    const reader = await signUp(server);
    expect((await commentsAs(reader, storyId)).map((c) => c.id)).not.toContain(posted.id);
    expect((await commentsAs(null, storyId)).map((c) => c.id)).not.toContain(posted.id);
    expect((await commentsAs(commenter, storyId)).find((c) => c.id === posted.id)).toMatchObject({
      awaitingReview: true,
      isOwn: true,
    });
    expect(await commentCount(storyId)).toBe(before);
    expect((await held()).find((item) => item.id === posted.id)).toMatchObject({
      storyId,
      content: 'What a numpty he is.',
      author: { id: commenter.id },
      rule: { name: 'Insults' },
      phrase: 'numpt?',
    });
    // Nobody votes on a comment nobody can see.
    await reader.agent.post(`/api/comments/${posted.id}/vote`).send({ vote: 'up' }).expect(404);
  });

  it('approving posts the held comment for everyone, counts it and logs it', async () => {
    const { storyId, commenter } = await thread();
    const before = await commentCount(storyId);
    const { id } = parseBody(await post(commenter, storyId, 'A total   PLONKER.'), commentSchema);
    await admin.agent.post(`/api/admin/comments/held/${id}/approve`).expect(204);

    const shown = (await commentsAs(await signUp(server), storyId)).find((c) => c.id === id);
    expect(shown?.content).toBe('A total   PLONKER.');
    expect(shown?.awaitingReview).toBeUndefined();
    expect(await commentCount(storyId)).toBe(before + 1);
    expect((await held()).map((item) => item.id)).not.toContain(id);
    expect((await logOf(id))[0]).toMatchObject({ action: 'comment.approve' });

    const position = await head();
    await admin.agent.post(`/api/admin/comments/held/${id}/approve`).expect(404);
    await admin.agent.delete(`/api/admin/comments/held/${id}`).expect(404);
    expect(await head()).toBe(position);
  });

  it('deleting a held comment removes it for its author too, with the reason logged', async () => {
    const { storyId, commenter } = await thread();
    const { id } = parseBody(await post(commenter, storyId, 'You numpty.'), commentSchema);
    await admin.agent
      .delete(`/api/admin/comments/held/${id}`)
      .send({ reason: 'Name-calling' })
      .expect(204);
    expect((await commentsAs(commenter, storyId)).map((c) => c.id)).not.toContain(id);
    expect((await held()).map((item) => item.id)).not.toContain(id);
    expect((await logOf(id))[0]).toMatchObject({
      action: 'comment.delete',
      reason: 'Name-calling',
    });
  });

  it('flag a matching comment: shown to all, and in the Flagged tab until kept', async () => {
    const { storyId, commenter } = await thread();
    const { id } = parseBody(
      await post(commenter, storyId, 'Put it all in cryptocoins.'),
      commentSchema,
    );
    expect((await commentsAs(null, storyId)).map((c) => c.id)).toContain(id);
    const flagged = async () =>
      parseBody(
        await admin.agent.get('/api/admin/flagged-comments?limit=50').expect(200),
        page(flaggedCommentSchema),
      ).items.map((item) => item.id);
    expect(await flagged()).toContain(id);
    await admin.agent.patch(`/api/admin/comments/${id}/keep`).send({}).expect(204);
    expect(await flagged()).not.toContain(id);
  });

  it('leave other comments alone', async () => {
    const { storyId, commenter } = await thread();
    const res = await post(commenter, storyId, 'Numpties, plonkers and crypt.');
    expect(parseBody(res, commentSchema).awaitingReview).toBeUndefined();
  });

  it('refuses bad ids (400), unknown ones (404), and members (403), appending nothing', async () => {
    const member = await signUp(server);
    const position = await head();
    await admin.agent.post('/api/admin/comments/held/nope/approve').expect(400);
    await admin.agent
      .post('/api/admin/comments/held/comment_01ARZ3NDEKTSV4RRFFQ69G5FAV/approve')
      .expect(404);
    await admin.agent
      .delete('/api/admin/comments/held/comment_01ARZ3NDEKTSV4RRFFQ69G5FAV')
      .send({ reason: 7 })
      .expect(400);
    await member.agent.get('/api/admin/comments/held').expect(403);
    expect(await head()).toBe(position);
  });
});
