import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { storyHistorySchema } from '@whosright/contracts/moderation/dto';
import { signUp } from '#api/testing/people';
import { startTestServer, type TestServer } from '#api/app/test-server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;
let author: Awaited<ReturnType<typeof signUp>>;
const idOf = (res: { body: unknown }) => z.object({ id: z.string() }).parse(res.body).id;

async function history(storyId: string) {
  const res = await admin.agent.get(`/api/admin/stories/${storyId}/history`).expect(200);
  return storyHistorySchema.parse(res.body);
}

async function submitted() {
  return idOf(
    await author.agent
      .post('/api/stories')
      .send({ content: 'She keeps forty tabs open. Who is right?', category: 'lifestyle' })
      .expect(201),
  );
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'history-admin@example.com' });
  admin = await signUp(server, { email: 'history-admin@example.com', firstName: 'Hana' });
  author = await signUp(server, { firstName: 'Abel' });
});
afterAll(async () => {
  await server.stop();
});

describe('story history', () => {
  it('when the author deleted their account the history shows none of their text or name', async () => {
    const leaving = await signUp(server, { firstName: 'Leonie' });
    const text = 'Leonie keeps the thermostat at nineteen degrees. Who is right?';
    const storyId = idOf(
      await leaving.agent
        .post('/api/stories')
        .send({ content: text, category: 'lifestyle' })
        .expect(201),
    );
    await admin.agent
      .patch(`/api/admin/stories/${storyId}`)
      .send({ status: 'approved' })
      .expect(200);
    await leaving.agent
      .post('/api/users/me/delete')
      .send({ password: 'a good password' })
      .expect(200);

    const shown = await history(storyId);
    expect(shown.story.content).toBe('[deleted]');
    expect(JSON.stringify(shown)).not.toMatch(/Leonie|thermostat/);
  });

  it('when a story was approved, voted on, hidden with a reason and put back it shows each step and the tallies', async () => {
    const storyId = await submitted();
    const story = `/api/admin/stories/${storyId}`;
    await admin.agent.patch(story).send({ status: 'approved' }).expect(200);
    await author.agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'she' }).expect(200);
    await admin.agent.patch(story).send({ status: 'hidden', reason: 'Reported twice' }).expect(200);
    await admin.agent.patch(story).send({ status: 'pending' }).expect(200);

    const { story: summary, steps, tallies } = await history(storyId);
    expect(summary).toMatchObject({ id: storyId, category: 'lifestyle', status: 'pending' });
    expect(steps.map((s) => (s.type === 'status' ? `${s.from}->${s.to}` : s.type))).toEqual([
      'submitted',
      'pending->approved',
      'approved->hidden',
      'hidden->pending',
    ]);
    expect(steps[0]).toMatchObject({
      by: { id: author.id, displayName: 'Abel' },
    });
    expect(steps[2]).toMatchObject({
      by: { id: admin.id, displayName: 'Hana' },
      reason: 'Reported twice',
    });
    expect(tallies).toMatchObject({ heVotes: 0, sheVotes: 1, commentCount: 0 });
  });

  it('when a story was deleted by an admin it ends with the deletion and has no tallies', async () => {
    const storyId = await submitted();
    await admin.agent
      .delete(`/api/admin/stories/${storyId}`)
      .send({ reason: 'Duplicate' })
      .expect(204);
    const { story, steps, tallies } = await history(storyId);
    expect(story.status).toBe('deleted');
    expect(steps.at(-1)).toMatchObject({ type: 'deleted', byAdmin: true, reason: 'Duplicate' });
    expect(tallies).toBeNull();
  });

  it('when the story does not exist it answers 404; a malformed id 400', async () => {
    const missing = 'story_01JZZZZZZZZZZZZZZZZZZZZZZZ';
    expect((await admin.agent.get(`/api/admin/stories/${missing}/history`)).status).toBe(404);
    expect((await admin.agent.get('/api/admin/stories/nope/history')).status).toBe(400);
  });

  it('when a visitor or a member asks it answers 401 or 403', async () => {
    const storyId = await submitted();
    expect((await server.agent().get(`/api/admin/stories/${storyId}/history`)).status).toBe(401);
    expect((await author.agent.get(`/api/admin/stories/${storyId}/history`)).status).toBe(403);
  });
});
