import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { moderationLogPageSchema } from '@whosright/contracts/moderation/dto';
import { SYSTEM_ACTOR } from '#api/platform/actor';
import { signUp } from '#api/testing/people';
import { startTestServer, type TestServer } from '#api/app/test-server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;
let author: Awaited<ReturnType<typeof signUp>>;
let troll: Awaited<ReturnType<typeof signUp>>;
const STORY = 'He alphabetises the spice rack every Sunday and I think it is a bit much.';
const idOf = (res: { body: unknown }) => z.object({ id: z.string() }).parse(res.body).id;
const head = () => server.running.application.stores.eventStore.headPosition();

async function log(query = '') {
  const res = await admin.agent.get(`/api/admin/moderation-log${query}`).expect(200);
  return moderationLogPageSchema.parse(res.body);
}

async function submitted() {
  return idOf(
    await author.agent.post('/api/stories').send({ content: STORY, category: 'household' }),
  );
}

let storyId: string;
let commentId: string;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'log-admin@example.com' });
  admin = await signUp(server, { email: 'log-admin@example.com', firstName: 'Mona' });
  author = await signUp(server);
  troll = await signUp(server, { firstName: 'Trevor' });
  await admin.agent.patch('/api/users/profile').send({ username: 'mona_mod' }).expect(200);

  storyId = await submitted();
  const story = `/api/admin/stories/${storyId}`;
  await admin.agent.patch(story).send({ status: 'approved' }).expect(200);
  commentId = idOf(
    await troll.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'What a silly thing to argue about, honestly.' })
      .expect(201),
  );
  await admin.agent
    .delete(`/api/admin/comments/${commentId}`)
    .send({ reason: 'Mocking the author' })
    .expect(204);
  await admin.agent.patch(`/api/admin/users/${troll.id}/ban`).send({ reason: 'Repeated mocking' });
  await admin.agent.patch(story).send({ status: 'hidden', reason: 'Too many reports' }).expect(200);
  const rejected = await submitted();
  await admin.agent
    .patch(`/api/admin/stories/${rejected}`)
    .send({ status: 'rejected', reason: 'Names a real person' })
    .expect(200);
});
afterAll(async () => {
  await server.stop();
});

describe('moderation log', () => {
  it('when admins act it lists each decision newest first: who, what, which target and why', async () => {
    const { items } = await log();
    expect(items.map((e) => e.action)).toEqual([
      'story.reject',
      'story.hide',
      'user.ban',
      'comment.delete',
      'story.approve',
      'user.promote',
    ]);
    const [reject, hide, ban, commentDelete, approve, listed] = items;
    expect(reject).toMatchObject({
      actor: { id: admin.id, displayName: 'mona_mod' },
      source: 'admin',
      target: { type: 'story', label: STORY.slice(0, 100) },
      reason: 'Names a real person',
    });
    expect(hide?.target.id).toBe(storyId);
    expect(ban).toMatchObject({
      target: { type: 'user', id: troll.id, label: 'Trevor' },
      reason: 'Repeated mocking',
    });
    expect(commentDelete).toMatchObject({
      target: {
        type: 'comment',
        id: commentId,
        label: 'What a silly thing to argue about, honestly.',
      },
      reason: 'Mocking the author',
    });
    expect(approve?.reason).toBeNull();
    expect(listed).toMatchObject({
      actor: null,
      source: 'admin_emails',
      target: { type: 'user', id: admin.id },
    });
    for (const entry of items) expect(Date.parse(entry.at)).not.toBeNaN();
  });

  it('when the command line acts it is listed with no actor, as the command line', async () => {
    await server.running.application.accounts.rolesAndBans.changeByEmail(
      author.email,
      'promote',
      SYSTEM_ACTOR,
    );
    const [latest] = (await log('?limit=1')).items;
    expect(latest).toMatchObject({
      actor: null,
      source: 'cli',
      action: 'user.promote',
      target: { id: author.id },
    });
    await server.running.application.accounts.rolesAndBans.changeByEmail(
      author.email,
      'demote',
      SYSTEM_ACTOR,
    );
  });

  it('when filtered by action, actor, target or time it lists only the matching entries', async () => {
    expect((await log('?action=user.ban')).items.map((e) => e.target.id)).toEqual([troll.id]);
    const byAdmin = await log(`?actor=${admin.id}`);
    expect(byAdmin.items.every((e) => e.actor?.id === admin.id)).toBe(true);
    expect(byAdmin.items).toHaveLength(5);
    const ofStory = await log(`?targetType=story&targetId=${storyId}`);
    expect(ofStory.items.map((e) => e.action)).toEqual(['story.hide', 'story.approve']);
    const all = (await log()).items;
    const before = all[2]!.at;
    const older = await log(`?before=${encodeURIComponent(before)}`);
    expect(older.items.every((e) => e.at < before)).toBe(true);
    expect(older.items.length).toBeGreaterThan(0);
  });

  it('when paged it walks the whole log once, newest first', async () => {
    const all = (await log('?limit=50')).items.map((e) => e.id);
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await log(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      walked.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked).toEqual(all);
  });

  it("when an author deletes their own commented story it is listed once as the author's deletion, not as an admin deleting its comments", async () => {
    const own = await submitted();
    await admin.agent.patch(`/api/admin/stories/${own}`).send({ status: 'approved' }).expect(200);
    const reader = await signUp(server);
    const reply = idOf(
      await reader.agent
        .post(`/api/stories/${own}/comments`)
        .send({ content: 'A reply that goes with the story.' })
        .expect(201),
    );
    await author.agent.delete(`/api/stories/${own}`).expect(204);
    const [latest, previous] = (await log('?limit=2')).items;
    expect(latest).toMatchObject({
      actor: { id: author.id },
      source: 'author',
      action: 'story.delete',
      target: { type: 'story', id: own, label: STORY.slice(0, 100) },
      reason: null,
    });
    expect(previous?.action).toBe('story.approve');
    expect((await log(`?targetId=${reply}`)).items).toEqual([]);
    expect((await log('?action=comment.delete')).items.map((e) => e.target.id)).toEqual([
      commentId,
    ]);
  });

  it('when a visitor or a member asks it answers 401 or 403', async () => {
    expect((await server.agent().get('/api/admin/moderation-log')).status).toBe(401);
    expect((await author.agent.get('/api/admin/moderation-log')).status).toBe(403);
  });

  it.each([
    ['an unknown action', '?action=story.burn'],
    ['a malformed actor id', '?actor=abc'],
    ['an unknown target type', '?targetType=session'],
    ['a malformed target id', '?targetId=story_123'],
    ['a time that is not one', '?before=yesterday'],
    ['a broken cursor', '?cursor=abc'],
    ['a limit of zero', '?limit=0'],
    ['an unknown parameter', '?sort=asc'],
  ])('when asked with %s it answers 400 and appends nothing', async (_case, query) => {
    const before = await head();
    const res = await admin.agent.get(`/api/admin/moderation-log${query}`);
    expect(res.status).toBe(400);
    expect(await head()).toBe(before);
  });
});
