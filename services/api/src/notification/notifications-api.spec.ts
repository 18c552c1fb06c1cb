import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  notificationsPageSchema,
  type NotificationsPage,
} from '@whosright/contracts/notification/dto';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { writesAtOnce } from '#api/testing/writes-at-once';
import { startTestServer, type TestServer } from '#api/app/test-server';

type Member = Awaited<ReturnType<typeof signUp>>;
const idSchema = z.object({ id: z.string() });

let server: TestServer;
let admin: Member;

const head = () => server.running.application.stores.eventStore.headPosition();

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'notify-admin@example.com' });
  admin = await signUp(server, { email: 'notify-admin@example.com' });
});
afterAll(async () => {
  await server.stop();
});

async function notificationsOf(member: Member, query = ''): Promise<NotificationsPage> {
  const res = await member.agent.get(`/api/notifications${query}`).expect(200);
  return parseBody(res, notificationsPageSchema);
}

/** The member's notifications once `ready` holds of them, which must be within 2 seconds. */
async function within2s(member: Member, ready: (page: NotificationsPage) => boolean) {
  return vi.waitFor(
    async () => {
      const page = await notificationsOf(member);
      if (!ready(page)) throw new Error(`not within 2 s: ${JSON.stringify(page)}`);
      return page;
    },
    { timeout: 2_000, interval: 50 },
  );
}

async function submitted(author: Member): Promise<string> {
  const res = await author.agent
    .post('/api/stories')
    .send({ content: `He hides the remote ${Math.random()}. Who is right?`, category: 'other' })
    .expect(201);
  return parseBody(res, idSchema).id;
}

describe('GET /api/notifications', () => {
  it("tells an author the moderator's decision with the note, newest first, within 2 s", async () => {
    const author = await signUp(server);
    const storyId = await submitted(author);
    await admin.agent
      .patch(`/api/admin/stories/${storyId}`)
      .send({ status: 'rejected', reason: 'Please add his side.' })
      .expect(200);
    const rejected = await within2s(author, (p) => p.items.length === 1);
    expect(rejected).toMatchObject({
      unread: 1,
      nextCursor: null,
      items: [
        {
          kind: 'rejected',
          storyId,
          text: 'Your story was rejected: Please add his side.',
          read: false,
        },
      ],
    });
    await admin.agent
      .patch(`/api/admin/stories/${storyId}`)
      .send({ status: 'approved' })
      .expect(200);
    const approved = await within2s(author, (p) => p.items.length === 2);
    expect(approved.items.map((i) => i.kind)).toEqual(['approved', 'rejected']);
    expect(approved.unread).toBe(2);
  });

  it('tells an author of 10 votes, of new comments by others (not theirs), and their comment at +10', async () => {
    const author = await signUp(server);
    const storyId = await approvedStory(author, admin);
    const own = await author.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'I stand by it.' })
      .expect(201);
    const ownId = parseBody(own, idSchema).id;
    const voters = await Promise.all(Array.from({ length: 10 }, () => signUp(server)));
    for (const voter of voters) {
      await voter.agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'she' }).expect(200);
      await voter.agent.post(`/api/comments/${ownId}/vote`).send({ vote: 'up' }).expect(200);
    }
    for (const voter of voters.slice(0, 2))
      await voter.agent
        .post(`/api/stories/${storyId}/comments`)
        .send({ content: 'Fair point.' })
        .expect(201);

    const page = await within2s(author, (p) => p.items.some((i) => i.kind === 'comments'));
    expect(page.items.map((i) => [i.kind, i.text]).sort()).toEqual(
      [
        ['approved', 'Your story was approved and is live.'],
        ['commentScore', 'Your comment reached +10.'],
        ['comments', '2 new comments on your story.'],
        ['votes', 'Your story reached 10 votes.'],
      ].sort(),
    );
    expect(page.unread).toBe(4);
    // Nobody else hears of it.
    expect((await notificationsOf(voters[0]!)).items).toEqual([]);
  });

  it("when a notification's story is hidden it still names it to its author, to others only while it was public", async () => {
    const author = await signUp(server);
    const storyId = await approvedStory(
      author,
      admin,
      `She folds the towels in thirds and says halves are wrong ${Math.random()}. Who is right?`,
    );
    const label = 'She folds the towels in thirds and says halves are wrong…';
    const cleo = await signUp(server);
    const parent = await cleo.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'Thirds fit the shelf.' })
      .expect(201);
    await (
      await signUp(server)
    ).agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'Halves are faster.', parentId: parseBody(parent, idSchema).id })
      .expect(201);
    const labelsOf = async (member: Member) =>
      (await notificationsOf(member)).items.map((item) => [item.kind, item.storyLabel]);
    expect(await labelsOf(cleo)).toEqual([['replies', label]]);
    expect(await labelsOf(author)).toEqual([
      ['comments', label],
      ['approved', label],
    ]);

    await admin.agent
      .patch(`/api/admin/stories/${storyId}`)
      .send({ status: 'hidden', reason: 'Off topic' })
      .expect(200);
    expect(await labelsOf(cleo)).toEqual([['replies', null]]);
    expect((await labelsOf(author)).map(([, l]) => l)).toEqual([label, label, label]);

    await author.agent.delete(`/api/stories/${storyId}`).expect(204);
    expect(JSON.stringify(await notificationsOf(cleo))).not.toContain('She folds');
  });

  it('pages newest first without skipping or repeating one', async () => {
    const author = await signUp(server);
    const storyId = await submitted(author);
    for (const status of ['rejected', 'approved', 'hidden', 'approved'])
      await admin.agent.patch(`/api/admin/stories/${storyId}`).send({ status }).expect(200);
    const all = await within2s(author, (p) => p.items.length === 4);
    const seen: string[] = [];
    let query = '?limit=1';
    for (;;) {
      const page = await notificationsOf(author, query);
      expect(page.items).toHaveLength(1);
      seen.push(page.items[0]!.id);
      if (!page.nextCursor) break;
      query = `?limit=1&cursor=${page.nextCursor}`;
    }
    expect(seen).toEqual(all.items.map((i) => i.id));
  });

  it('answers 401 to a visitor and 400 to a bad cursor or limit', async () => {
    const member = await signUp(server);
    expect((await server.agent().get('/api/notifications')).status).toBe(401);
    expect((await server.agent().post('/api/notifications/read').send({ all: true })).status).toBe(
      401,
    );
    for (const query of ['?cursor=nonsense', '?limit=0', '?limit=51', '?limit=x', '?sort=new'])
      expect((await member.agent.get(`/api/notifications${query}`)).status, query).toBe(400);
  });
});

describe('POST /api/notifications/read', () => {
  it('marks some read by id, then all; what is read again appends nothing', async () => {
    const author = await signUp(server);
    const storyId = await approvedStory(author, admin);
    const commenter = await signUp(server);
    await commenter.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'First.' })
      .expect(201);
    const before = await within2s(author, (p) => p.unread === 2);
    const comments = before.items.find((i) => i.kind === 'comments')!;

    const some = await author.agent
      .post('/api/notifications/read')
      .send({ ids: [comments.id] })
      .expect(200);
    // The answer is the page as a fresh read shows it, the comment one now worded as read.
    const afterSome = parseBody(some, notificationsPageSchema);
    expect(afterSome).toMatchObject({ unread: 1 });
    expect(afterSome.items.find((i) => i.id === comments.id)).toMatchObject({
      text: 'New comments on your story, all read.',
      read: true,
    });
    expect(await within2s(author, (p) => p.unread === 1)).toEqual(afterSome);

    // A new comment makes the story's comment notification unread again, counting only it.
    await commenter.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'Second.' })
      .expect(201);
    const again = await within2s(author, (p) => p.unread === 2);
    expect(again.items.find((i) => i.id === comments.id)).toMatchObject({
      text: '1 new comment on your story.',
      read: false,
    });

    const all = await author.agent.post('/api/notifications/read').send({ all: true }).expect(200);
    const read = parseBody(all, notificationsPageSchema);
    expect(read.unread).toBe(0);
    expect(read.items.every((i) => i.read)).toBe(true);
    expect(read.items.find((i) => i.id === comments.id)).toMatchObject({ read: true });
    expect(await notificationsOf(author)).toEqual(read);

    const position = await head();
    await author.agent
      .post('/api/notifications/read')
      .send({ ids: [comments.id] })
      .expect(200);
    expect(await head()).toBe(position);
  });

  it('when nothing is unread marking all read appends nothing', async () => {
    const member = await signUp(server);
    await member.agent.post('/api/notifications/read').send({ all: true }).expect(200);
    const author = await signUp(server);
    await approvedStory(author, admin);
    await within2s(author, (p) => p.unread === 1);
    await author.agent.post('/api/notifications/read').send({ all: true }).expect(200);
    const position = await head();
    await member.agent.post('/api/notifications/read').send({ all: true }).expect(200);
    await author.agent.post('/api/notifications/read').send({ all: true }).expect(200);
    expect(await head()).toBe(position);
  });

  it('when one member sends 16 mark-read calls at once each answers 200 and the marks are appended once', async () => {
    const author = await signUp(server);
    await approvedStory(author, admin);
    await within2s(author, (p) => p.unread === 1);
    const position = await head();
    const atOnce = writesAtOnce(
      server.running.application.bus,
      16,
      (stream) => stream === `notificationReads-${author.id}`,
    );
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        author.agent.post('/api/notifications/read').send({ all: true }),
      ),
    ).finally(() => atOnce.mockRestore());
    expect(answers.map((res) => res.status)).toEqual(Array(16).fill(200));
    expect(answers.map((res) => parseBody(res, notificationsPageSchema).unread)).toEqual(
      Array(16).fill(0),
    );
    expect(await head()).toBe(position + 1n);
  });

  it.each([
    [{}],
    [{ ids: [] }],
    [{ ids: 'all' }],
    [{ all: false }],
    [{ all: true, ids: ['x'] }],
    [{ ids: [''] }],
  ])('answers 400 to %j and appends nothing', async (body) => {
    const member = await signUp(server);
    const position = await head();
    const res = await member.agent.post('/api/notifications/read').send(body).expect(400);
    expect(JSON.stringify(res.body)).not.toMatch(/\.ts:\d+/);
    expect(await head()).toBe(position);
  });

  it("forgets a member's read marks with their account", async () => {
    const member = await signUp(server);
    const storyId = await approvedStory(member, admin);
    expect(storyId).toBeTruthy();
    await within2s(member, (p) => p.unread === 1);
    await member.agent.post('/api/notifications/read').send({ all: true }).expect(200);
    const reads = server.running.application.queries.notificationReads;
    expect(await reads.of(member.id)).toBeDefined();
    await member.agent
      .post('/api/users/me/delete')
      .send({ password: 'a good password' })
      .expect(200);
    await server.running.application.bus.settleAll(['notification-reads']);
    expect(await reads.of(member.id)).toBeUndefined();
  });
});
