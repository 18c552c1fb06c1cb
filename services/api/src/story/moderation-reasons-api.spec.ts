import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RecordedEvent } from '@whosright/eventstore/port';
import { signUp } from '#api/testing/people';
import { startTestServer, type TestServer } from '#api/app/test-server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;
let author: Awaited<ReturnType<typeof signUp>>;
const head = () => server.running.application.stores.eventStore.headPosition();
const idOf = (res: { body: unknown }) => z.object({ id: z.string() }).parse(res.body).id;

/** The stream's last event, of `type` when given. */
async function lastEventOf(stream: string, type?: string): Promise<RecordedEvent | undefined> {
  let last: RecordedEvent | undefined;
  for await (const event of server.running.application.stores.eventStore.readStream(stream))
    if (!type || event.type === type) last = event;
  return last;
}

async function approvedStory() {
  const res = await author.agent
    .post('/api/stories')
    .send({ content: 'He names every plant in the house. Who is right?', category: 'lifestyle' })
    .expect(201);
  const id = idOf(res);
  await admin.agent.patch(`/api/admin/stories/${id}`).send({ status: 'approved' }).expect(200);
  return id;
}

async function comment(storyId: string) {
  const res = await author.agent
    .post(`/api/stories/${storyId}/comments`)
    .send({ content: 'The fern is called Gerald.' })
    .expect(201);
  return idOf(res);
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'reasons-admin@example.com' });
  admin = await signUp(server, { email: 'reasons-admin@example.com' });
  author = await signUp(server);
});
afterAll(async () => {
  await server.stop();
});

describe('moderation reasons', () => {
  it('when an admin deletes a story with a reason the deletion records it', async () => {
    const storyId = await approvedStory();
    await admin.agent
      .delete(`/api/admin/stories/${storyId}`)
      .send({ reason: '  Doxxing  ' })
      .expect(204);
    expect((await lastEventOf(`story-${storyId}`, 'StoryDeleted'))?.data).toMatchObject({
      reason: 'Doxxing',
    });
  });

  it('when an admin deletes a comment with a reason the deletion records it; without a body, none', async () => {
    const storyId = await approvedStory();
    const first = await comment(storyId);
    const second = await comment(storyId);
    await admin.agent
      .delete(`/api/admin/comments/${first}`)
      .send({ reason: 'Insults' })
      .expect(204);
    await admin.agent.delete(`/api/admin/comments/${second}`).expect(204);
    expect((await lastEventOf(`comment-${first}`))?.data).toMatchObject({ reason: 'Insults' });
    expect((await lastEventOf(`comment-${second}`))?.data).not.toHaveProperty('reason');
  });

  it('when an admin hides a story with a reason its author sees the reason', async () => {
    const storyId = await approvedStory();
    await admin.agent
      .patch(`/api/admin/stories/${storyId}`)
      .send({ status: 'hidden', reason: 'Too personal' })
      .expect(200);
    const mine = z
      .object({
        items: z.array(z.object({ id: z.string(), moderationReason: z.string().nullable() })),
      })
      .parse((await author.agent.get('/api/users/stories')).body);
    expect(mine.items.find((s) => s.id === storyId)?.moderationReason).toBe('Too personal');
  });

  it.each([
    ['a 501-character reason', { reason: 'x'.repeat(501) }],
    ['an extra key', { reason: 'fine', notify: true }],
    ['a reason that is not text', { reason: ['a'] }],
  ])('when a moderation call has %s it answers 400 and appends nothing', async (_case, body) => {
    const storyId = await approvedStory();
    const commentId = await comment(storyId);
    const before = await head();
    const calls = [
      admin.agent.patch(`/api/admin/stories/${storyId}`).send({ status: 'hidden', ...body }),
      admin.agent.delete(`/api/admin/stories/${storyId}`).send(body),
      admin.agent.delete(`/api/admin/comments/${commentId}`).send(body),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(400);
    expect(await head()).toBe(before);
  });

  it('when a moderation call names an unknown or malformed id it answers 404 or 400', async () => {
    const before = await head();
    const unknownStory = 'story_01JZZZZZZZZZZZZZZZZZZZZZZZ';
    const unknownComment = 'comment_01JZZZZZZZZZZZZZZZZZZZZZZZ';
    expect(
      (await admin.agent.delete(`/api/admin/stories/${unknownStory}`).send({ reason: 'x' })).status,
    ).toBe(404);
    expect(
      (await admin.agent.delete(`/api/admin/comments/${unknownComment}`).send({ reason: 'x' }))
        .status,
    ).toBe(404);
    expect((await admin.agent.delete('/api/admin/stories/nope')).status).toBe(400);
    expect((await admin.agent.delete('/api/admin/comments/nope')).status).toBe(400);
    expect(await head()).toBe(before);
  });
});
