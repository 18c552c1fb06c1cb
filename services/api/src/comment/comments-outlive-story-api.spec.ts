import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  commentSchema,
  flaggedCommentSchema,
  myCommentSchema,
} from '@whosright/contracts/comment/dto';
import { pageSchema } from '@whosright/contracts/shared/page';
import { STORIES } from '@whosright/projections/stories/docs';
import { openLogElsewhere, type LogElsewhere } from '#api/app/testing/log-elsewhere';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';

/** Comments never outlive their story, and a story's comments come in pages. */
let server: TestServer;
let other: LogElsewhere;
let admin: Awaited<ReturnType<typeof signUp>>;
let author: Awaited<ReturnType<typeof signUp>>;
const idOf = (res: { body: unknown }) => z.object({ id: z.string() }).parse(res.body).id;
const head = () => server.running.application.stores.eventStore.headPosition();

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'outlive-admin@example.com' });
  admin = await signUp(server, { email: 'outlive-admin@example.com' });
  author = await signUp(server);
  other = openLogElsewhere(server.dataDir);
});
afterAll(async () => {
  await other.close();
  await server.stop();
});

describe('comments and their story', () => {
  it('when a story has more comments than a page they come in pages linked by the Link header', async () => {
    const storyId = await approvedStory(author, admin);
    for (let i = 0; i < 5; i++)
      await author.agent
        .post(`/api/stories/${storyId}/comments`)
        .send({ content: `Comment ${i}` })
        .expect(201);
    const seen: string[] = [];
    let next: string | undefined = `/api/stories/${storyId}/comments?limit=2`;
    while (next) {
      const res: { body: unknown; headers: Record<string, string | undefined> } = await server
        .agent()
        .get(next)
        .expect(200);
      seen.push(
        ...z
          .array(commentSchema)
          .parse(res.body)
          .map((c) => c.content),
      );
      next = /<([^>]+)>; rel="next"/.exec(res.headers.link ?? '')?.[1];
    }
    expect(seen).toEqual(['Comment 0', 'Comment 1', 'Comment 2', 'Comment 3', 'Comment 4']);
  });

  it('when a story with hundreds of comments is deleted every one of them goes', async () => {
    const storyId = await approvedStory(author, admin);
    const { comments, queries } = server.running.application;
    const commenters = [await signUp(server), await signUp(server)];
    for (let i = 0; i < 260; i++)
      await comments.post(storyId, { _id: commenters[i % 2]!.id }, `Comment ${i}`, {
        correlationId: 'many',
      });
    await admin.agent.delete(`/api/admin/stories/${storyId}`).expect(204);
    const left = await queries.comments.ofStory(storyId, { limit: 50 });
    expect(left.items).toEqual([]);
    const mine = await commenters[0]!.agent.get('/api/users/comments').expect(200);
    expect((mine.body as { items: unknown[] }).items).toEqual([]);
  });

  it('when a comment arrives right after its story was deleted elsewhere it is refused and not appended', async () => {
    const storyId = await approvedStory(author, admin);
    await other.append(
      `story-${storyId}`,
      [
        {
          type: 'StoryDeleted',
          data: { storyId, authorId: author.id, deletedBy: author.id, byAdmin: false },
          metadata: { correlationId: 'elsewhere' },
        },
      ],
      'any',
    );
    const before = await head();
    const res = await author.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'Am I too late?' });
    expect(res.status).toBe(404);
    expect(await head()).toBe(before);
  });

  it('when a story is hidden its comments take no more votes', async () => {
    const storyId = await approvedStory(author, admin);
    const commentId = idOf(
      await author.agent
        .post(`/api/stories/${storyId}/comments`)
        .send({ content: 'Vote on me' })
        .expect(201),
    );
    await admin.agent.patch(`/api/admin/stories/${storyId}`).send({ status: 'hidden' }).expect(200);
    const voter = await signUp(server);
    const before = await head();
    expect(
      (await voter.agent.post(`/api/comments/${commentId}/vote`).send({ vote: 'down' })).status,
    ).toBe(404);
    expect(await head()).toBe(before);
  });

  it("when a story is deleted but its comments are not removed yet, the profile's and the admin's lists leave them out", async () => {
    const kept = await approvedStory(author, admin);
    const gone = await approvedStory(author, admin);
    const commenter = await signUp(server);
    const post = async (storyId: string, content: string) =>
      idOf(
        await commenter.agent
          .post(`/api/stories/${storyId}/comments`)
          .send({ content })
          .expect(201),
      );
    const keptId = await post(kept, 'On a story that stays');
    const goneId = await post(gone, 'On a story deleted elsewhere');
    const voters = [await signUp(server), await signUp(server), await signUp(server)];
    for (const voter of voters)
      for (const id of [keptId, goneId])
        await voter.agent.post(`/api/comments/${id}/vote`).send({ vote: 'down' }).expect(200);
    // Deleted by another process that stopped before its sweep: the comment is still stored.
    await other.append(
      `story-${gone}`,
      [
        {
          type: 'StoryDeleted',
          data: { storyId: gone, authorId: author.id, deletedBy: author.id, byAdmin: false },
          metadata: { correlationId: 'elsewhere' },
        },
      ],
      'any',
    );
    const { bus, queries } = server.running.application;
    await bus.settleAll([STORIES]);
    expect(await queries.comments.byId(goneId)).toBeDefined();

    const mine = pageSchema(myCommentSchema).parse(
      (await commenter.agent.get('/api/users/comments').expect(200)).body,
    );
    expect(mine.items.map((c) => [c.id, c.story.id])).toEqual([[keptId, kept]]);
    const flagged = pageSchema(flaggedCommentSchema).parse(
      (await admin.agent.get('/api/admin/flagged-comments?limit=50').expect(200)).body,
    );
    const ids = flagged.items.map((c) => c.id);
    expect(ids).toContain(keptId);
    expect(ids).not.toContain(goneId);
  });
});
