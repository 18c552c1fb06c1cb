import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '@whosright/contracts/shared/errors';
import {
  adminStorySchema,
  castVoteResponseSchema,
  dashboardStorySchema,
  randomStorySchema,
  storyCardSchema,
  storyFeedSchema,
  storyViewSchema,
} from '@whosright/contracts/story/dto';
import { pageSchema } from '@whosright/contracts/shared/page';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { INVALID_STORY_BODIES } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;
let author: Awaited<ReturnType<typeof signUp>>;

const dashboardPageSchema = z.object({
  items: z.array(dashboardStorySchema),
  nextCursor: z.string().nullable(),
});

const head = () => server.running.application.stores.eventStore.headPosition();
const content = (n: number) => `My partner and I disagree about thing number ${n}. Who is right?`;

async function submitStory(by = author, category = 'household', text = content(Math.random())) {
  const res = await by.agent.post('/api/stories').send({ content: text, category });
  expect(res.status).toBe(201);
  return parseBody(res, storyCardSchema);
}

async function approvedStory(by = author) {
  const story = await submitStory(by);
  const res = await admin.agent
    .patch(`/api/admin/stories/${story.id}`)
    .send({ status: 'approved' });
  expect(res.status).toBe(200);
  return story.id;
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'stories-admin@example.com' });
  admin = await signUp(server, { email: 'stories-admin@example.com' });
  author = await signUp(server);
});
afterAll(async () => {
  await server.stop();
});

describe('submitting a story', () => {
  it('when a member submits a story it is created pending with empty tallies (201), content trimmed', async () => {
    const res = await author.agent
      .post('/api/stories')
      .send({ content: '  He left the milk out again.  ', category: 'household' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      content: 'He left the milk out again.',
      category: 'household',
      status: 'pending',
      heVotes: 0,
      sheVotes: 0,
      commentCount: 0,
      reactions: { relatable: 0, lol: 0, wtf: 0 },
    });
    expect(parseBody(res, storyCardSchema).id).toMatch(/^story_[0-9A-Z]{26}$/);
  });

  it.each(INVALID_STORY_BODIES)(
    'when the body has %s it answers 400 and writes nothing',
    async (_case, body) => {
      const before = await head();
      const res = await author.agent.post('/api/stories').send(body);
      expect(res.status).toBe(400);
      expect(await head()).toBe(before);
    },
  );

  it('when 1000 characters are sent they are accepted', async () => {
    expect(
      (
        await author.agent
          .post('/api/stories')
          .send({ content: 'x'.repeat(1000), category: 'other' })
      ).status,
    ).toBe(201);
  });

  it('when a visitor submits it answers 401; a banned member gets 403; nothing is written', async () => {
    const before = await head();
    const visitor = await server
      .agent()
      .post('/api/stories')
      .send({ content: 'Hello', category: 'other' });
    expect(visitor.status).toBe(401);
    expect(parseBody(visitor, errorBodySchema).message).toContain('Unauthorized');
    expect(await head()).toBe(before);

    const banned = await signUp(server);
    await server.running.application.accounts.rolesAndBans.change(banned.id, 'ban', {
      correlationId: 'test',
    });
    await banned.agent
      .post('/api/auth/login')
      .send({ email: banned.email, password: 'a good password' })
      .expect(200);
    const beforeBanned = await head();
    const res = await banned.agent
      .post('/api/stories')
      .send({ content: 'Hello', category: 'other' });
    expect(res.status).toBe(403);
    expect(parseBody(res, errorBodySchema).code).toBe('banned');
    expect(await head()).toBe(beforeBanned);
  });
});

describe('reading stories', () => {
  it('when a story is pending only its author and admins can open it; others get 404', async () => {
    const story = await submitStory();
    expect((await author.agent.get(`/api/stories/${story.id}`)).status).toBe(200);
    expect((await admin.agent.get(`/api/stories/${story.id}`)).status).toBe(200);
    expect((await server.agent().get(`/api/stories/${story.id}`)).status).toBe(404);
    const other = await signUp(server);
    expect((await other.agent.get(`/api/stories/${story.id}`)).status).toBe(404);
  });

  it('when the id is unknown it answers 404; when malformed, 400', async () => {
    expect((await server.agent().get('/api/stories/story_01JZZZZZZZZZZZZZZZZZZZZZZZ')).status).toBe(
      404,
    );
    expect((await server.agent().get('/api/stories/not-an-id')).status).toBe(400);
    expect((await server.agent().get("/api/stories/story_1' OR 1=1")).status).toBe(400);
  });

  it('when approved a story appears in the feed newest first, filtered by category, with cursor pages', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const story = await submitStory(author, 'communication');
      await admin.agent
        .patch(`/api/admin/stories/${story.id}`)
        .send({ status: 'approved' })
        .expect(200);
      ids.push(story.id);
    }
    const firstRes = await server.agent().get('/api/stories?category=communication&limit=2');
    expect(firstRes.status).toBe(200);
    const first = parseBody(firstRes, storyFeedSchema);
    expect(first.items.map((s) => s.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = parseBody(
      await server
        .agent()
        .get(
          `/api/stories?category=communication&limit=2&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
        ),
      storyFeedSchema,
    );
    expect(second.items.map((s) => s.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();
    expect((await server.agent().get('/api/stories?limit=51')).status).toBe(400);
    expect((await server.agent().get('/api/stories?category=nope')).status).toBe(400);
  });

  it('when the feed is sorted by votes or divisiveness it orders by the tallies; an unknown sort is 400', async () => {
    const [quiet, busy] = [
      await submitStory(author, 'lifestyle'),
      await submitStory(author, 'lifestyle'),
    ];
    for (const story of [quiet, busy])
      await admin.agent.patch(`/api/admin/stories/${story.id}`).send({ status: 'approved' });
    for (let i = 0; i < 10; i++) {
      const voter = await signUp(server);
      await voter.agent
        .post(`/api/stories/${busy.id}/vote`)
        .send({ vote: i % 2 ? 'he' : 'she' })
        .expect(200);
    }
    const feed = async (query: string) =>
      parseBody(
        await server.agent().get(`/api/stories?${query}`).expect(200),
        storyFeedSchema,
      ).items.map((s) => s.id);
    expect((await feed('category=lifestyle&sort=votes')).slice(0, 2)).toEqual([busy.id, quiet.id]);
    // Only stories with ten votes or more are divisive; this one is split 5/5.
    expect(await feed('category=lifestyle&sort=divisive')).toEqual([busy.id]);
    expect(await feed('category=lifestyle&sort=newest')).toEqual(
      (await feed('category=lifestyle')).slice(0, 50),
    );
    for (const sort of ['oldest', '', 'VOTES'])
      expect((await server.agent().get(`/api/stories?sort=${sort}`)).status, sort).toBe(400);
  });
});

describe('voting', () => {
  it('when a member votes the tallies change at once (read-your-writes) and the vote is remembered', async () => {
    const storyId = await approvedStory();
    const voter = await signUp(server);
    expect((await voter.agent.get(`/api/stories/${storyId}/vote`)).body).toBeNull();
    const res = await voter.agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'she' });
    expect(res.status).toBe(200);
    const voted = parseBody(res, castVoteResponseSchema);
    expect(voted.vote).toEqual({ vote: 'she' });
    expect(voted.story).toMatchObject({ id: storyId, heVotes: 0, sheVotes: 1 });
    const card = parseBody(await server.agent().get(`/api/stories/${storyId}`), storyCardSchema);
    expect(card.sheVotes).toBe(1);
    expect((await voter.agent.get(`/api/stories/${storyId}/vote`)).body).toEqual({ vote: 'she' });
  });

  it('when a reader opens a story the answer carries their own vote (null for visitors and before voting)', async () => {
    const storyId = await approvedStory();
    const voter = await signUp(server);
    const before = parseBody(await voter.agent.get(`/api/stories/${storyId}`), storyViewSchema);
    expect(before.myVote).toBeNull();
    await voter.agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'he' }).expect(200);
    const after = parseBody(await voter.agent.get(`/api/stories/${storyId}`), storyViewSchema);
    expect(after).toMatchObject({ id: storyId, heVotes: 1, myVote: 'he' });
    const visitor = parseBody(await server.agent().get(`/api/stories/${storyId}`), storyViewSchema);
    expect(visitor.myVote).toBeNull();
  });

  it('when the author opens their own story the answer says it is theirs; to anyone else it does not', async () => {
    const storyId = await approvedStory();
    const own = parseBody(await author.agent.get(`/api/stories/${storyId}`), storyViewSchema);
    expect(own.isOwn).toBe(true);
    const reader = await signUp(server);
    for (const agent of [reader.agent, server.agent()])
      expect(parseBody(await agent.get(`/api/stories/${storyId}`), storyViewSchema).isOwn).toBe(
        false,
      );
  });

  it('when a member votes again it answers 409 Already voted and the tally stays', async () => {
    const storyId = await approvedStory();
    const voter = await signUp(server);
    await voter.agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'he' }).expect(200);
    const again = await voter.agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'she' });
    expect(again.status).toBe(409);
    expect(parseBody(again, errorBodySchema).message).toContain('Already voted');
    expect((await server.agent().get(`/api/stories/${storyId}`)).body).toMatchObject({
      heVotes: 1,
      sheVotes: 0,
    });
  });

  it('when one member sends 50 votes at once exactly one is counted', async () => {
    const storyId = await approvedStory();
    const voter = await signUp(server);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        voter.agent.post(`/api/stories/${storyId}/vote`).send({ vote: i % 2 ? 'he' : 'she' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    const card = parseBody(await server.agent().get(`/api/stories/${storyId}`), storyCardSchema);
    expect(card.heVotes + card.sheVotes).toBe(1);
  });

  it('when 20 members vote at once the tallies are exactly 20', async () => {
    const storyId = await approvedStory();
    const voters = await Promise.all(Array.from({ length: 20 }, () => signUp(server)));
    const results = await Promise.all(
      voters.map((v, i) =>
        v.agent.post(`/api/stories/${storyId}/vote`).send({ vote: i < 12 ? 'he' : 'she' }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect((await server.agent().get(`/api/stories/${storyId}`)).body).toMatchObject({
      heVotes: 12,
      sheVotes: 8,
    });
  });

  it.each([[{ vote: 'He' }], [{ vote: 'both' }], [{}], [{ vote: 'he', extra: 1 }]])(
    'when the vote is %j it answers 400 and writes nothing',
    async (body) => {
      const storyId = await approvedStory();
      const before = await head();
      expect((await author.agent.post(`/api/stories/${storyId}/vote`).send(body)).status).toBe(400);
      expect(await head()).toBe(before);
    },
  );

  it('when a visitor votes it answers 401; on a pending story 404', async () => {
    const storyId = await approvedStory();
    expect(
      (await server.agent().post(`/api/stories/${storyId}/vote`).send({ vote: 'he' })).status,
    ).toBe(401);
    const pending = await submitStory();
    expect(
      (await author.agent.post(`/api/stories/${pending.id}/vote`).send({ vote: 'he' })).status,
    ).toBe(404);
  });
});

describe('tracking and reactions', () => {
  it('when a visitor views a story repeatedly it counts once; skips and engages count separately', async () => {
    const storyId = await approvedStory();
    const visitor = server.agent();
    for (let i = 0; i < 3; i++)
      expect(
        (await visitor.post(`/api/stories/${storyId}/track`).send({ action: 'view' })).status,
      ).toBe(204);
    await visitor.post(`/api/stories/${storyId}/track`).send({ action: 'skip' }).expect(204);
    await server.agent().post(`/api/stories/${storyId}/track`).send({ action: 'view' }).expect(204);
    const position = await head();
    await server.running.application.stores.projections.waitFor(position, ['stories']);
    const doc = await server.running.application.stores.readStore
      .collection('stories', 'stories')
      .get(storyId);
    expect(doc).toMatchObject({ viewCount: 2, skipCount: 1, skipRate: 0.5 });
  });

  it('when tracking a bad action or a pending story it answers 400 / 404', async () => {
    const storyId = await approvedStory();
    expect(
      (await server.agent().post(`/api/stories/${storyId}/track`).send({ action: 'like' })).status,
    ).toBe(400);
    const pending = await submitStory();
    expect(
      (await server.agent().post(`/api/stories/${pending.id}/track`).send({ action: 'view' }))
        .status,
    ).toBe(404);
  });

  it('when a member reacts twice with the same type it toggles; counts come back', async () => {
    const storyId = await approvedStory();
    const member = await signUp(server);
    expect(
      (await member.agent.post(`/api/stories/${storyId}/reactions`).send({ type: 'lol' })).body,
    ).toEqual({ relatable: 0, lol: 1, wtf: 0 });
    expect(
      (await member.agent.post(`/api/stories/${storyId}/reactions`).send({ type: 'lol' })).body,
    ).toEqual({ relatable: 0, lol: 0, wtf: 0 });
    expect(
      (await member.agent.post(`/api/stories/${storyId}/reactions`).send({ type: 'love' })).status,
    ).toBe(400);
  });
});

describe('random story', () => {
  it('when asked with exclude it never returns the excluded story; with nothing else it answers 404', async () => {
    const approved = parseBody(
      await server.agent().get('/api/stories?limit=50'),
      storyFeedSchema,
    ).items;
    expect(approved.length).toBeGreaterThan(1);
    for (let i = 0; i < 50; i++) {
      const res = await server.agent().get(`/api/stories/random?exclude=${approved[0]!.id}`);
      expect(res.status).toBe(200);
      expect(parseBody(res, randomStorySchema).id).not.toBe(approved[0]!.id);
    }
    expect(await server.running.application.queries.stories.randomId(undefined)).toEqual(
      expect.any(String),
    );
    expect((await server.agent().get('/api/stories/random?exclude=bad')).status).toBe(400);
  });
});

describe('moderation and deletion', () => {
  it('when an admin moderates, the change records who and why; non-admins get 403', async () => {
    const story = await submitStory();
    expect(
      (await author.agent.patch(`/api/admin/stories/${story.id}`).send({ status: 'approved' }))
        .status,
    ).toBe(403);
    expect((await server.agent().get('/api/admin/stories')).status).toBe(401);
    const res = await admin.agent
      .patch(`/api/admin/stories/${story.id}`)
      .send({ status: 'hidden', reason: 'Off topic' });
    expect(res.status).toBe(200);
    expect(parseBody(res, storyCardSchema).status).toBe('hidden');
    const events = [];
    for await (const e of server.running.application.stores.eventStore.readStream(
      `story-${story.id}`,
    ))
      events.push(e);
    expect(events.at(-1)).toMatchObject({
      type: 'StoryModerated',
      data: { moderatorId: admin.id, from: 'pending', to: 'hidden', reason: 'Off topic' },
    });
    expect(
      (await admin.agent.patch(`/api/admin/stories/${story.id}`).send({ status: 'published' }))
        .status,
    ).toBe(400);
  });

  it('when the pending queue is listed it is oldest first with category, status, createdAt, content and its author', async () => {
    const a = await submitStory(author, 'money');
    const b = await submitStory(author, 'family');
    const { items: queue } = parseBody(
      await admin.agent.get('/api/admin/stories?limit=50'),
      pageSchema(adminStorySchema),
    );
    const ids = queue.map((s) => s.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect(queue.every((s) => s.status === 'pending')).toBe(true);
    const queued = queue.find((s) => s.id === b.id);
    expect(queued?.category).toBe('family');
    expect(queued?.content).toBeTypeOf('string');
    expect(queued?.createdAt).toBeTypeOf('string');
    expect(queued?.author?.id).toBe(author.id);
    expect(queued?.author?.displayName).toMatch(/^Member/);
  });

  it("when someone else deletes a story it answers 403; the author's delete removes it everywhere", async () => {
    const storyId = await approvedStory();
    const other = await signUp(server);
    expect((await other.agent.delete(`/api/stories/${storyId}`)).status).toBe(403);
    expect((await author.agent.delete(`/api/stories/${storyId}`)).status).toBe(204);
    expect((await server.agent().get(`/api/stories/${storyId}`)).status).toBe(404);
    expect((await admin.agent.get(`/api/stories/${storyId}`)).status).toBe(404);
    const feed = parseBody(
      await server.agent().get('/api/stories?limit=50'),
      storyFeedSchema,
    ).items.map((s) => s.id);
    expect(feed).not.toContain(storyId);
    for (let i = 0; i < 30; i++)
      expect(
        parseBody(await server.agent().get('/api/stories/random'), randomStorySchema).id,
      ).not.toBe(storyId);
    expect((await author.agent.delete(`/api/stories/${storyId}`)).status).toBe(404);
  });

  it('when a story people voted on is hidden or deleted, further votes, views and reactions answer 404', async () => {
    const hidden = await approvedStory();
    const deleted = await approvedStory();
    const [first, second] = [await signUp(server), await signUp(server)];
    for (const storyId of [hidden, deleted])
      expect(
        (await first.agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'he' })).status,
      ).toBe(200);
    expect(
      (await admin.agent.patch(`/api/admin/stories/${hidden}`).send({ status: 'hidden' })).status,
    ).toBe(200);
    expect((await admin.agent.delete(`/api/admin/stories/${deleted}`)).status).toBe(204);
    for (const storyId of [hidden, deleted]) {
      expect(
        (await second.agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'she' })).status,
      ).toBe(404);
      expect(
        (await second.agent.post(`/api/stories/${storyId}/track`).send({ action: 'view' })).status,
      ).toBe(404);
      expect(
        (await second.agent.post(`/api/stories/${storyId}/reactions`).send({ type: 'lol' })).status,
      ).toBe(404);
    }
  });

  it('when an admin deletes for good the story is gone from the dashboard too', async () => {
    const storyId = await approvedStory();
    expect((await admin.agent.delete(`/api/admin/stories/${storyId}`)).status).toBe(204);
    const dashboard = parseBody(
      await admin.agent.get('/api/dashboard/stories?limit=50'),
      dashboardPageSchema,
    ).items.map((s) => s.id);
    expect(dashboard).not.toContain(storyId);
  });

  it('when the dashboard is listed it adds totalVotes and votingScore; admins only', async () => {
    const storyId = await approvedStory();
    const voters = await Promise.all([signUp(server), signUp(server), signUp(server)]);
    await voters[0].agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'he' }).expect(200);
    await voters[1].agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'he' }).expect(200);
    await voters[2].agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'she' }).expect(200);
    expect((await author.agent.get('/api/dashboard/stories')).status).toBe(403);
    const { items } = parseBody(
      await admin.agent.get('/api/dashboard/stories?limit=50'),
      dashboardPageSchema,
    );
    expect(items.find((s) => s.id === storyId)).toMatchObject({ totalVotes: 3, votingScore: 33 });
  });
});
