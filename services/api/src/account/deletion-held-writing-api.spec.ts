import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { automodDryRunJobSchema, heldCommentsPageSchema } from '@whosright/contracts/automod/dto';
import { moderationLogPageSchema } from '@whosright/contracts/moderation/dto';
import { SYSTEM_ACTOR } from '#api/platform/actor';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';
import { user } from './decider';

type Member = Awaited<ReturnType<typeof signUp>>;

let server: TestServer;
let admin: Member;

const idOf = (res: { body: unknown }) => z.object({ id: z.string() }).parse(res.body).id;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'held-deletion@example.com' });
  admin = await signUp(server, { email: 'held-deletion@example.com' });
  const rule = { name: 'Gizmos', phrases: ['gizmo*'], target: 'comment', action: 'hold' };
  await admin.agent.post('/api/admin/automod-rules').send(rule).expect(201);
});
afterAll(async () => {
  await server.stop();
});

async function heldIds(): Promise<string[]> {
  const res = await admin.agent.get('/api/admin/comments/held?limit=50').expect(200);
  return parseBody(res, heldCommentsPageSchema).items.map((item) => item.id);
}

async function held(member: Member, storyId: string, content: string): Promise<string> {
  const res = await member.agent.post(`/api/stories/${storyId}/comments`).send({ content });
  expect(res.status).toBe(201);
  return idOf(res);
}

const deleteAccount = (member: Member) =>
  member.agent.post('/api/users/me/delete').send({ password: 'a good password' }).expect(200);

async function dryRunJob() {
  const rule = { name: 'Try gizmos', phrases: ['gizmo*'], target: 'comment', action: 'hold' };
  const res = await admin.agent.post('/api/admin/automod-rules/dry-run').send({ rule }).expect(202);
  const { id } = parseBody(res, automodDryRunJobSchema);
  const poll = async () =>
    parseBody(
      await admin.agent.get(`/api/admin/automod-rules/dry-run/${id}`).expect(200),
      automodDryRunJobSchema,
    );
  await expect.poll(async () => (await poll()).status, { timeout: 30_000 }).toBe('done');
  return { id, poll };
}

describe('a deleted member’s held comments', () => {
  it('when the member deletes their account, their held comment leaves the queue and cannot be approved', async () => {
    const storyId = await approvedStory(await signUp(server), admin);
    const leaver = await signUp(server);
    const commentId = await held(leaver, storyId, 'My private gizmo confession.');
    expect(await heldIds()).toContain(commentId);

    await deleteAccount(leaver);

    expect(await heldIds()).not.toContain(commentId);
    await admin.agent.post(`/api/admin/comments/held/${commentId}/approve`).expect(404);
    const comments = await server.agent().get(`/api/stories/${storyId}/comments`).expect(200);
    expect(JSON.stringify(comments.body)).not.toContain(commentId);
    const log = await admin.agent.get(`/api/admin/moderation-log?targetId=${commentId}`);
    expect(parseBody(log, moderationLogPageSchema).items).toEqual([]);
  });

  it('when an admin approves a held comment of a member whose deletion has begun, it is refused and nothing is posted', async () => {
    const storyId = await approvedStory(await signUp(server), admin);
    const leaver = await signUp(server);
    const commentId = await held(leaver, storyId, 'Another gizmo of mine.');
    const { bus } = server.running.application;
    // The deletion's first step, before its sweep reached the held comment.
    await bus.run(`user-${leaver.id}`, user, { type: 'StartAccountDeletion' }, SYSTEM_ACTOR);
    const head = await server.running.application.stores.eventStore.headPosition();

    const res = await admin.agent.post(`/api/admin/comments/held/${commentId}/approve`);

    expect(res.status).toBe(404);
    expect(await server.running.application.stores.eventStore.headPosition()).toBe(head);
  });

  it('when its author withdraws a held comment, it leaves the queue and is no moderation', async () => {
    const storyId = await approvedStory(await signUp(server), admin);
    const author = await signUp(server);
    const commentId = await held(author, storyId, 'A gizmo I regret.');

    await author.agent.delete(`/api/comments/${commentId}`).expect(204);

    expect(await heldIds()).not.toContain(commentId);
    await admin.agent.post(`/api/admin/comments/held/${commentId}/approve`).expect(404);
    const log = await admin.agent.get(`/api/admin/moderation-log?targetId=${commentId}`);
    expect(parseBody(log, moderationLogPageSchema).items).toEqual([]);
  });

  it('when a member deletes their account after a dry run showed their text, the kept result forgets it', async () => {
    const storyId = await approvedStory(await signUp(server), admin);
    const leaver = await signUp(server);
    await admin.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'An admin gizmo.' })
      .expect(201);
    await held(leaver, storyId, 'Her unmistakable gizmo secret.');
    const { poll } = await dryRunJob();
    const before = (await poll()).result;
    expect(JSON.stringify(before)).toContain('unmistakable');

    await deleteAccount(leaver);

    const after = (await poll()).result;
    expect(JSON.stringify(after)).not.toContain('unmistakable');
    expect(after?.comments.matched).toBe((before?.comments.matched ?? 0) - 1);
    expect(after?.examples).toHaveLength((before?.examples.length ?? 0) - 1);
  });
});
