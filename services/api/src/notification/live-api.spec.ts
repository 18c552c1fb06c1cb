import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '@whosright/contracts/shared/errors';
import { openLive, type LiveClient } from '#api/testing/live-client';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';

type Member = Awaited<ReturnType<typeof signUp>>;

/** A notification appears within 2 s of its event: the bell's `unread` is waited for so long. */
const WITHIN_MS = 2_000;

let server: TestServer;
let admin: Member;
const opened: LiveClient[] = [];

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'bell-admin@example.com' });
  admin = await signUp(server, { email: 'bell-admin@example.com' });
});
afterAll(async () => {
  for (const client of opened) client.close();
  await server.stop();
});

let address = 0;
/** The member's bell, from a client address of its own (the per-client allowance is the story streams'). */
async function bell(member?: Member): Promise<LiveClient> {
  const headers: Record<string, string> = { 'x-forwarded-for': `10.210.0.${++address}` };
  if (member) {
    const cookie = (await member.agent.get('/api/auth/user')).request.cookies;
    headers.cookie = cookie;
  }
  const client = await openLive(`${server.url}/api/notifications/live`, headers);
  opened.push(client);
  return client;
}

const unreadOf = (data: string) => z.object({ unread: z.number() }).parse(JSON.parse(data)).unread;
/** Resolves once the bell says `count`, failing after `ms`. */
const says = (stream: LiveClient, count: number, ms = WITHIN_MS) =>
  stream.next('unread', (data) => unreadOf(data) === count, ms);

async function submitted(author: Member): Promise<string> {
  const res = await author.agent
    .post('/api/stories')
    .send({ content: `She tapes the remote ${Math.random()}. Who is right?`, category: 'other' })
    .expect(201);
  return parseBody(res, z.object({ id: z.string() })).id;
}

describe('GET /api/notifications/live', () => {
  it('when a visitor asks it answers 401 and no stream', async () => {
    const stream = await bell();
    expect(stream.status).toBe(401);
    expect(errorBodySchema.parse(JSON.parse(await stream.body())).code).toBe('unauthorized');
  });

  it('when a member opens it the stream says their unread count at once', async () => {
    const member = await signUp(server);
    const stream = await bell(member);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(unreadOf(await stream.next('unread'))).toBe(0);
  });

  it('when someone replies to a comment the member posted after the bell opened, the bell counts it', async () => {
    const storyId = await approvedStory(await signUp(server), admin);
    const member = await signUp(server);
    const stream = await bell(member);
    await says(stream, 0);
    const res = await member.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'Who booked it?' })
      .expect(201);
    const parentId = parseBody(res, z.object({ id: z.string() })).id;
    await (
      await signUp(server)
    ).agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'She did.', parentId })
      .expect(201);
    await says(stream, 1);
  });

  it("when a moderator decides on a story submitted after the bell opened, the author's bell counts it", async () => {
    const author = await signUp(server);
    const stream = await bell(author);
    await says(stream, 0);
    const storyId = await submitted(author);
    await admin.agent
      .patch(`/api/admin/stories/${storyId}`)
      .send({ status: 'approved' })
      .expect(200);
    await says(stream, 1);
    // Watched now: the next decision comes through the story itself.
    await admin.agent.patch(`/api/admin/stories/${storyId}`).send({ status: 'hidden' }).expect(200);
    await says(stream, 2);
  });

  it("when an admin closes a member's report on someone else's story the reporter's bell counts it", async () => {
    const author = await signUp(server);
    const storyId = await approvedStory(author, admin);
    const reporter = await signUp(server);
    const stream = await bell(reporter);
    await says(stream, 0);
    // Filed after the bell opened: filing has the bell watch the story.
    await reporter.agent
      .post('/api/reports')
      .send({ targetType: 'story', targetId: storyId, reason: 'spam' })
      .expect(201);
    await admin.agent
      .patch(`/api/admin/reports/story/${storyId}`)
      .send({ action: 'dismiss' })
      .expect(204);
    await says(stream, 1);
  });

  it("when the 10th vote comes on the author's story the bell counts the milestone", async () => {
    const author = await signUp(server);
    const storyId = await approvedStory(author, admin);
    const stream = await bell(author);
    await says(stream, 1);
    const voters = await Promise.all(Array.from({ length: 10 }, () => signUp(server)));
    for (const voter of voters)
      await voter.agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'he' }).expect(200);
    await says(stream, 2);
    // Each recount that changed nothing said nothing: the bell spoke twice.
    expect(stream.events.filter((e) => e.event === 'unread').map((e) => unreadOf(e.data))).toEqual([
      1, 2,
    ]);
  });

  it("when someone else comments on the author's story the bell counts it, and their own comment does not", async () => {
    const author = await signUp(server);
    const storyId = await approvedStory(author, admin);
    const stream = await bell(author);
    await says(stream, 1);
    const commenter = await signUp(server);
    await commenter.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'You both have a point.' })
      .expect(201);
    await says(stream, 2);
    await author.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'Thanks, I think.' })
      .expect(201);
    await expect(says(stream, 3, 500)).rejects.toThrow(/no unread event/);
  });

  it('when a member follows a story after the bell opened, others commenting on it and its flip count live; after the unfollow they say nothing', async () => {
    const storyId = await approvedStory(await signUp(server), admin);
    const vote = async (side: 'he' | 'she') => {
      const voter = await signUp(server);
      await voter.agent.post(`/api/stories/${storyId}/vote`).send({ vote: side }).expect(200);
    };
    await vote('he');
    const member = await signUp(server);
    const stream = await bell(member);
    await says(stream, 0);
    await member.agent.put(`/api/stories/${storyId}/follow`).expect(200);
    const other = await signUp(server);
    await other.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'Both of you, honestly.' })
      .expect(201);
    await says(stream, 1);
    await vote('she');
    await vote('she');
    await says(stream, 2);
    await member.agent.delete(`/api/stories/${storyId}/follow`).expect(200);
    // The bell said 0 when it opened: the last word, not any, is waited for.
    const lastSaid = () => stream.events.filter((e) => e.event === 'unread').at(-1)?.data;
    await vi.waitFor(() => expect(lastSaid()).toBe(JSON.stringify({ unread: 0 })), {
      timeout: WITHIN_MS,
    });
    const heard = stream.events.length;
    await other.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'Still here.' })
      .expect(201);
    // Nothing more is said: no event after those heard so far.
    await expect(stream.next('unread', () => stream.events.length > heard, 500)).rejects.toThrow(
      /no unread event/,
    );
  });

  it("when a member's comment reaches +10 their bell counts it", async () => {
    const author = await signUp(server);
    const storyId = await approvedStory(author, admin);
    const member = await signUp(server);
    const stream = await bell(member);
    await says(stream, 0);
    const res = await member.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'He is right, plainly.' })
      .expect(201);
    const commentId = parseBody(res, z.object({ id: z.string() })).id;
    // Posting it had the open bell watch its story.
    const voters = await Promise.all(Array.from({ length: 10 }, () => signUp(server)));
    for (const voter of voters)
      await voter.agent.post(`/api/comments/${commentId}/vote`).send({ vote: 'up' }).expect(200);
    await says(stream, 1);
  });

  it("when another member's story gets votes, comments and decisions this member's bell stays quiet", async () => {
    const member = await signUp(server);
    await approvedStory(member, admin);
    const stream = await bell(member);
    await says(stream, 1);
    const other = await signUp(server);
    const storyId = await approvedStory(other, admin, 'He sorts socks by colour. Who is right?');
    const voter = await signUp(server);
    await voter.agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'she' }).expect(200);
    await voter.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'Socks are socks.' })
      .expect(201);
    await admin.agent.patch(`/api/admin/stories/${storyId}`).send({ status: 'hidden' }).expect(200);
    await expect(stream.next('unread', (data) => unreadOf(data) !== 1, 500)).rejects.toThrow(
      /no unread event/,
    );
  });

  it('when the member marks all read in one tab the bell of another tab says 0', async () => {
    const author = await signUp(server);
    await approvedStory(author, admin);
    const stream = await bell(author);
    await says(stream, 1);
    await author.agent.post('/api/notifications/read').send({ all: true }).expect(200);
    await says(stream, 0);
  });

  it('when the server drains the bell ends and no new one opens', async () => {
    const member = await signUp(server);
    const stream = await bell(member);
    await stream.next('unread');
    server.running.application.endLiveStreams();
    await stream.ended;
    const refused = await bell(member);
    expect(refused.status).toBe(503);
    await refused.body();
  });
});
