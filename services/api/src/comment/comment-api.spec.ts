import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commentSchema, flaggedCommentSchema } from '@whosright/contracts/comment/dto';
import { pageSchema } from '@whosright/contracts/shared/page';
import { storyCardSchema } from '@whosright/contracts/story/dto';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { startTestServer, type TestServer } from '#api/app/test-server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;
let author: Awaited<ReturnType<typeof signUp>>;
let commenter: Awaited<ReturnType<typeof signUp>>;
const commentListSchema = z.array(commentSchema);
const head = () => server.running.application.stores.eventStore.headPosition();

async function approvedStory(text = 'She moved the couch without asking. Who is right?') {
  const story = await author.agent
    .post('/api/stories')
    .send({ content: text, category: 'lifestyle' })
    .expect(201);
  const { id } = parseBody(story, storyCardSchema);
  await admin.agent.patch(`/api/admin/stories/${id}`).send({ status: 'approved' }).expect(200);
  return id;
}

async function post(storyId: string, by = commenter, content = 'I am with him on this one.') {
  const res = await by.agent.post(`/api/stories/${storyId}/comments`).send({ content });
  expect(res.status).toBe(201);
  return parseBody(res, commentSchema);
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'comments-admin@example.com' });
  admin = await signUp(server, { email: 'comments-admin@example.com' });
  author = await signUp(server);
  commenter = await signUp(server, { firstName: 'Cleo' });
});
afterAll(async () => {
  await server.stop();
});

describe('posting and listing comments', () => {
  it("when a member comments the story's count rises at once and the list shows it oldest first, without e-mails", async () => {
    const storyId = await approvedStory();
    const first = await post(storyId, commenter, '  First!  ');
    expect(first.content).toBe('First!');
    await post(storyId, author, 'Second.');
    expect(
      parseBody(await server.agent().get(`/api/stories/${storyId}`), storyCardSchema).commentCount,
    ).toBe(2);
    const list = await server.agent().get(`/api/stories/${storyId}/comments`);
    expect(list.status).toBe(200);
    const comments = parseBody(list, commentListSchema);
    expect(comments.map((c) => c.content)).toEqual(['First!', 'Second.']);
    expect(comments[0]).toMatchObject({
      upvotes: 0,
      downvotes: 0,
      isOwn: false,
      myVote: null,
      author: { id: commenter.id, firstName: 'Cleo' },
    });
    expect(JSON.stringify(list.body)).not.toContain('@example.com');
    const asAuthor = await commenter.agent.get(`/api/stories/${storyId}/comments`);
    expect(parseBody(asAuthor, commentListSchema)[0]?.isOwn).toBe(true);
    const asAdmin = await admin.agent.get(`/api/stories/${storyId}/comments`);
    expect(parseBody(asAdmin, commentListSchema)[0]?.author.email).toBe(commenter.email);
  });

  it('when content is markup it is stored and returned as the same text', async () => {
    const storyId = await approvedStory();
    const script = '<script>alert("x")</script><b>bold</b>';
    await post(storyId, commenter, script);
    const list = await server.agent().get(`/api/stories/${storyId}/comments`);
    expect(list.headers['content-type']).toMatch(/application\/json/);
    expect(parseBody(list, commentListSchema)[0]?.content).toBe(script);
  });

  it.each([
    ['blank', { content: '   ' }],
    ['1001 characters', { content: 'y'.repeat(1001) }],
    ['missing content', {}],
    ['an extra key', { content: 'ok', upvotes: 99 }],
  ])('when the comment is %s it answers 400 and writes nothing', async (_case, body) => {
    const storyId = await approvedStory();
    const before = await head();
    expect((await commenter.agent.post(`/api/stories/${storyId}/comments`).send(body)).status).toBe(
      400,
    );
    expect(await head()).toBe(before);
  });

  it('when the story is unknown or pending it answers 404; a visitor gets 401', async () => {
    const before = await head();
    expect(
      (
        await commenter.agent
          .post('/api/stories/story_01JZZZZZZZZZZZZZZZZZZZZZZZ/comments')
          .send({ content: 'hi' })
      ).status,
    ).toBe(404);
    const pending = await author.agent
      .post('/api/stories')
      .send({ content: 'Pending one', category: 'other' })
      .expect(201);
    const pendingId = parseBody(pending, storyCardSchema).id;
    const afterStory = await head();
    expect(
      (await commenter.agent.post(`/api/stories/${pendingId}/comments`).send({ content: 'hi' }))
        .status,
    ).toBe(404);
    expect(
      (await server.agent().post(`/api/stories/${pendingId}/comments`).send({ content: 'hi' }))
        .status,
    ).toBe(401);
    expect(await head()).toBe(afterStory);
    expect(afterStory).toBeGreaterThan(before);
  });
});

describe('voting on comments', () => {
  it('when a member votes up then down it moves exactly one count; the same vote again changes nothing', async () => {
    const storyId = await approvedStory();
    const comment = await post(storyId);
    const voter = await signUp(server);
    expect(
      (await voter.agent.post(`/api/comments/${comment.id}/vote`).send({ vote: 'up' })).body,
    ).toMatchObject({ upvotes: 1, downvotes: 0 });
    expect(
      (await voter.agent.post(`/api/comments/${comment.id}/vote`).send({ vote: 'down' })).body,
    ).toMatchObject({ upvotes: 0, downvotes: 1 });
    const before = await head();
    expect(
      (await voter.agent.post(`/api/comments/${comment.id}/vote`).send({ vote: 'down' })).body,
    ).toMatchObject({ upvotes: 0, downvotes: 1 });
    expect(await head()).toBe(before);
    const list = await voter.agent.get(`/api/stories/${storyId}/comments`);
    expect(parseBody(list, commentListSchema)[0]?.myVote).toBe('down');
  });

  it('when a member withdraws their vote the count goes back and the comment is neutral for them; again changes nothing', async () => {
    const storyId = await approvedStory();
    const comment = await post(storyId);
    const voter = await signUp(server);
    await voter.agent.post(`/api/comments/${comment.id}/vote`).send({ vote: 'down' }).expect(200);
    const withdrawn = await voter.agent.delete(`/api/comments/${comment.id}/vote`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toEqual({ id: comment.id, upvotes: 0, downvotes: 0, myVote: null });
    const list = await voter.agent.get(`/api/stories/${storyId}/comments`);
    expect(parseBody(list, commentListSchema)[0]).toMatchObject({
      upvotes: 0,
      downvotes: 0,
      myVote: null,
    });
    const before = await head();
    expect((await voter.agent.delete(`/api/comments/${comment.id}/vote`)).body).toMatchObject({
      upvotes: 0,
      downvotes: 0,
      myVote: null,
    });
    expect(await head()).toBe(before);
    expect(
      (await voter.agent.post(`/api/comments/${comment.id}/vote`).send({ vote: 'up' })).body,
    ).toMatchObject({ upvotes: 1, downvotes: 0, myVote: 'up' });
  });

  it('when a visitor, the author, a banned member or a bad id withdraws a vote it is refused and nothing changes', async () => {
    const storyId = await approvedStory();
    const comment = await post(storyId);
    const banned = await signUp(server);
    await banned.agent.post(`/api/comments/${comment.id}/vote`).send({ vote: 'down' }).expect(200);
    await admin.agent.patch(`/api/admin/users/${banned.id}/ban`).expect(200);
    const before = await head();
    expect((await server.agent().delete(`/api/comments/${comment.id}/vote`)).status).toBe(401);
    expect((await commenter.agent.delete(`/api/comments/${comment.id}/vote`)).status).toBe(403);
    expect((await banned.agent.delete(`/api/comments/${comment.id}/vote`)).status).toBe(401);
    const bad = await commenter.agent.delete('/api/comments/not-a-comment/vote');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation_failed' });
    expect(
      (await commenter.agent.delete('/api/comments/comment_01JZZZZZZZZZZZZZZZZZZZZZZZ/vote'))
        .status,
    ).toBe(404);
    expect(await head()).toBe(before);
    const list = await server.agent().get(`/api/stories/${storyId}/comments`);
    expect(parseBody(list, commentListSchema)[0]).toMatchObject({ downvotes: 1 });
  });

  it('when 30 members vote at once the counts are exact', async () => {
    const storyId = await approvedStory();
    const comment = await post(storyId);
    const voters = await Promise.all(Array.from({ length: 30 }, () => signUp(server)));
    const results = await Promise.all(
      voters.map((v, i) =>
        v.agent.post(`/api/comments/${comment.id}/vote`).send({ vote: i < 18 ? 'up' : 'down' }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const list = await server.agent().get(`/api/stories/${storyId}/comments`);
    expect(parseBody(list, commentListSchema)[0]).toMatchObject({ upvotes: 18, downvotes: 12 });
  });

  it('when authors vote on their own comment it answers 403; a visitor 401; a bad vote 400', async () => {
    const storyId = await approvedStory();
    const comment = await post(storyId);
    expect(
      (await commenter.agent.post(`/api/comments/${comment.id}/vote`).send({ vote: 'up' })).status,
    ).toBe(403);
    expect(
      (await server.agent().post(`/api/comments/${comment.id}/vote`).send({ vote: 'up' })).status,
    ).toBe(401);
    expect(
      (await author.agent.post(`/api/comments/${comment.id}/vote`).send({ vote: 'sideways' }))
        .status,
    ).toBe(400);
    expect(
      (
        await author.agent
          .post('/api/comments/comment_01JZZZZZZZZZZZZZZZZZZZZZZZ/vote')
          .send({ vote: 'up' })
      ).status,
    ).toBe(404);
  });

  it('when a comment has 3+ downvotes and more down than up it is flagged, sorted by down minus up', async () => {
    const storyId = await approvedStory('A long story about the thermostat. '.repeat(5));
    const mild = await post(storyId, commenter, 'Mildly unpopular');
    const awful = await post(storyId, commenter, 'Very unpopular');
    const fine = await post(storyId, commenter, 'Contested but fine');
    const voters = await Promise.all(Array.from({ length: 6 }, () => signUp(server)));
    for (const [i, v] of voters.entries()) {
      if (i < 3)
        await v.agent.post(`/api/comments/${mild.id}/vote`).send({ vote: 'down' }).expect(200);
      await v.agent.post(`/api/comments/${awful.id}/vote`).send({ vote: 'down' }).expect(200);
      await v.agent
        .post(`/api/comments/${fine.id}/vote`)
        .send({ vote: i < 3 ? 'down' : 'up' })
        .expect(200);
    }
    expect((await author.agent.get('/api/admin/flagged-comments')).status).toBe(403);
    const { items: flagged } = pageSchema(flaggedCommentSchema).parse(
      (await admin.agent.get('/api/admin/flagged-comments')).body,
    );
    const ids = flagged.map((c) => c.id);
    expect(ids.indexOf(awful.id)).toBeLessThan(ids.indexOf(mild.id));
    expect(ids).not.toContain(fine.id);
    const entry = flagged.find((c) => c.id === awful.id)!;
    expect(entry.author?.email).toBe(commenter.email);
    expect(entry.story.category).toBe('lifestyle');
    // The story's excerpt: cut at a word within 100 characters, with an ellipsis.
    expect(entry.story.content).toBe(
      'A long story about the thermostat. A long story about the thermostat. A long story about the…',
    );
  });
});

describe('keeping a flagged comment', () => {
  async function flaggedComment() {
    const storyId = await approvedStory();
    const flagged = await post(storyId, commenter, 'Blunt but fair');
    const voters = await Promise.all(Array.from({ length: 3 }, () => signUp(server)));
    for (const v of voters)
      await v.agent.post(`/api/comments/${flagged.id}/vote`).send({ vote: 'down' }).expect(200);
    return { storyId, flagged };
  }
  const flaggedIds = async () =>
    pageSchema(flaggedCommentSchema)
      .parse((await admin.agent.get('/api/admin/flagged-comments?limit=50')).body)
      .items.map((c) => c.id);

  it('when an admin keeps a flagged comment it leaves the flagged list, stays on its story and is logged with the reason', async () => {
    const { storyId, flagged } = await flaggedComment();
    expect(await flaggedIds()).toContain(flagged.id);
    const res = await admin.agent
      .patch(`/api/admin/comments/${flagged.id}/keep`)
      .send({ reason: 'Blunt, not abusive' });
    expect(res.status).toBe(204);
    expect(await flaggedIds()).not.toContain(flagged.id);
    const onStory = parseBody(
      await server.agent().get(`/api/stories/${storyId}/comments`),
      commentListSchema,
    );
    expect(onStory.map((c) => c.id)).toContain(flagged.id);
    const log = await admin.agent.get('/api/admin/moderation-log?action=comment.keep');
    expect(log.status).toBe(200);
    expect(log.body).toMatchObject({
      items: [
        {
          action: 'comment.keep',
          target: { type: 'comment', id: flagged.id, label: 'Blunt but fair' },
          reason: 'Blunt, not abusive',
        },
      ],
    });
  });

  it('when a kept comment gets another downvote it is flagged again', async () => {
    const { flagged } = await flaggedComment();
    await admin.agent.patch(`/api/admin/comments/${flagged.id}/keep`).expect(204);
    const late = await signUp(server);
    await late.agent.post(`/api/comments/${flagged.id}/vote`).send({ vote: 'down' }).expect(200);
    expect(await flaggedIds()).toContain(flagged.id);
  });

  it('when a member or a visitor keeps a comment it is refused and nothing is written', async () => {
    const { flagged } = await flaggedComment();
    const before = await head();
    expect((await commenter.agent.patch(`/api/admin/comments/${flagged.id}/keep`)).status).toBe(
      403,
    );
    expect((await server.agent().patch(`/api/admin/comments/${flagged.id}/keep`)).status).toBe(401);
    expect(await head()).toBe(before);
    expect(await flaggedIds()).toContain(flagged.id);
  });

  it.each([
    ['a reason over 500 characters', 400, 'comment', { reason: 'x'.repeat(501) }],
    ['an unknown field', 400, 'comment', { reason: 'ok', flagged: false }],
    ['a malformed id', 400, 'not-a-comment-id', {}],
    ['an unknown comment', 404, 'comment_01JZZZZZZZZZZZZZZZZZZZZZZZ', {}],
  ])(
    'when an admin keeps with %s it answers %i and writes nothing',
    async (_case, status, id, body) => {
      const { flagged } = await flaggedComment();
      const before = await head();
      const target = id === 'comment' ? flagged.id : id;
      const res = await admin.agent.patch(`/api/admin/comments/${target}/keep`).send(body);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({
        message: expect.any(String) as unknown,
        code: expect.any(String) as unknown,
      });
      expect(await head()).toBe(before);
    },
  );

  it('when an admin keeps a comment that is not flagged it changes nothing', async () => {
    const storyId = await approvedStory();
    const calm = await post(storyId, commenter, 'Nobody minds this one');
    const before = await head();
    expect((await admin.agent.patch(`/api/admin/comments/${calm.id}/keep`)).status).toBe(204);
    expect(await head()).toBe(before);
  });
});

describe('deleting comments', () => {
  it("when another member deletes someone's comment it answers 403 and nothing changes", async () => {
    const storyId = await approvedStory();
    const comment = await post(storyId);
    const before = await head();
    expect((await author.agent.delete(`/api/comments/${comment.id}`)).status).toBe(403);
    expect(await head()).toBe(before);
    expect((await server.agent().get(`/api/stories/${storyId}/comments`)).body).toHaveLength(1);
  });

  it('when the author deletes it, it leaves every list and count', async () => {
    const storyId = await approvedStory();
    const comment = await post(storyId);
    expect((await commenter.agent.delete(`/api/comments/${comment.id}`)).status).toBe(204);
    expect((await server.agent().get(`/api/stories/${storyId}/comments`)).body).toEqual([]);
    expect(
      parseBody(await server.agent().get(`/api/stories/${storyId}`), storyCardSchema).commentCount,
    ).toBe(0);
    expect((await commenter.agent.delete(`/api/comments/${comment.id}`)).status).toBe(404);
  });

  it('when an admin deletes any comment it is gone', async () => {
    const storyId = await approvedStory();
    const comment = await post(storyId);
    expect((await admin.agent.delete(`/api/admin/comments/${comment.id}`)).status).toBe(204);
    expect((await server.agent().get(`/api/stories/${storyId}/comments`)).body).toEqual([]);
  });

  it("when a story is deleted its comments leave every list, the author's included", async () => {
    const storyId = await approvedStory();
    const comment = await post(storyId);
    await author.agent.delete(`/api/stories/${storyId}`).expect(204);
    const mine = await server.running.application.queries.comments.byAuthor(commenter.id, {
      limit: 50,
    });
    expect(mine.items.map((c) => c._id)).not.toContain(comment.id);
    expect((await server.agent().get(`/api/stories/${storyId}/comments`)).status).toBe(404);
  });
});
