import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { commentSchema } from '@whosright/contracts/comment/dto';
import { errorBodySchema } from '@whosright/contracts/shared/errors';
import { storyCardSchema } from '@whosright/contracts/story/dto';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { IdempotencyRecords } from '#api/platform/idempotency/idempotency-records';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;
let member: Awaited<ReturnType<typeof signUp>>;
let storyId: string;
const head = () => server.running.application.stores.eventStore.headPosition();
const projections = () => server.running.application.stores.projections;

function postComment(
  by: { agent: TestServer['agent'] extends () => infer A ? A : never },
  key: string,
  content = 'He should have asked first.',
) {
  return by.agent
    .post(`/api/stories/${storyId}/comments`)
    .set('Idempotency-Key', key)
    .send({ content });
}

async function commentsOfStory() {
  const res = await server.agent().get(`/api/stories/${storyId}/comments`).expect(200);
  return parseBody(res, z.array(commentSchema));
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'idempotency-admin@example.com' });
  admin = await signUp(server, { email: 'idempotency-admin@example.com' });
  member = await signUp(server);
  const story = await member.agent
    .post('/api/stories')
    .send({ content: 'She booked the holiday without asking. Who is right?', category: 'other' })
    .expect(201);
  storyId = parseBody(story, storyCardSchema).id;
  await admin.agent.patch(`/api/admin/stories/${storyId}`).send({ status: 'approved' }).expect(200);
}, 60_000);
afterAll(async () => {
  await server.stop();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('writes with an Idempotency-Key', () => {
  it('when a comment is sent twice with one key it is posted once and the retry answers the first result, marked replayed', async () => {
    const key = randomUUID();
    const before = (await commentsOfStory()).length;
    const first = await postComment(member, key);
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const position = await head();

    const retry = await postComment(member, key);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await head()).toBe(position);
    expect(await commentsOfStory()).toHaveLength(before + 1);
  });

  it('when the same key comes with another body it answers 422 idempotency_key_reused and changes nothing', async () => {
    const key = randomUUID();
    await postComment(member, key, 'First words.').expect(201);
    const position = await head();
    const res = await postComment(member, key, 'Other words.');
    expect(res.status).toBe(422);
    expect(parseBody(res, errorBodySchema).code).toBe('idempotency_key_reused');
    expect(await head()).toBe(position);
  });

  it.each([
    ['empty', ''],
    ['longer than 255 characters', 'k'.repeat(256)],
    ['not printable ASCII', 'clé-1'],
  ])('when the key is %s it answers 400 and changes nothing', async (_case, key) => {
    const position = await head();
    const res = await postComment(member, key);
    expect(res.status).toBe(400);
    expect(parseBody(res, errorBodySchema)).toMatchObject({
      code: 'validation_failed',
      message: expect.stringMatching(/Idempotency-Key/) as unknown,
    });
    expect(await head()).toBe(position);
  });

  it("when two members send the same key each gets their own write, not the other's answer", async () => {
    const other = await signUp(server);
    const key = randomUUID();
    const mine = await postComment(member, key, 'Mine.').expect(201);
    const theirs = await postComment(other, key, 'Mine.').expect(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(parseBody(theirs, commentSchema).id).not.toBe(parseBody(mine, commentSchema).id);
    expect(parseBody(theirs, commentSchema).author.id).toBe(other.id);
  });

  it('when a retry arrives while the first request still runs it answers the first result once it is there', async () => {
    const key = randomUUID();
    const before = (await commentsOfStory()).length;
    const [a, b] = await Promise.all([postComment(member, key), postComment(member, key)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body).toEqual(b.body);
    expect([a, b].filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
    expect(await commentsOfStory()).toHaveLength(before + 1);
  });

  it('when a write answered 503 "Saved, but..." is retried it is not appended again and the retry answers the comment', async () => {
    // The read models miss the first wait (a projector failing over), then catch up.
    vi.spyOn(projections(), 'waitFor').mockResolvedValueOnce(false);
    const key = randomUUID();
    const before = (await commentsOfStory()).length;
    const first = await postComment(member, key, 'Posted during a fail-over.');
    expect(first.status).toBe(503);
    expect(parseBody(first, errorBodySchema)).toMatchObject({
      code: 'not_ready',
      message: expect.stringMatching(/^Saved, but/) as unknown,
    });
    const position = await head();

    const retry = await postComment(member, key, 'Posted during a fail-over.');
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(parseBody(retry, commentSchema).content).toBe('Posted during a fail-over.');
    expect(await head()).toBe(position);
    const comments = await commentsOfStory();
    expect(comments).toHaveLength(before + 1);
    expect(comments.filter((c) => c.content === 'Posted during a fail-over.')).toHaveLength(1);
  });

  it('when the read models still lag after the longer wait a retry answers the saved 503 again and appends nothing', async () => {
    vi.spyOn(projections(), 'waitFor').mockResolvedValue(false);
    const key = randomUUID();
    const first = await postComment(member, key, 'Posted while nothing projects.');
    expect(first.status).toBe(503);
    const position = await head();

    const retry = await postComment(member, key, 'Posted while nothing projects.');
    expect(retry.status).toBe(503);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await head()).toBe(position);
  });

  it('when a delete is retried with its key it answers the first 204 instead of not found', async () => {
    const comment = parseBody(await postComment(member, randomUUID(), 'To go.'), commentSchema);
    const key = randomUUID();
    const remove = () =>
      member.agent.delete(`/api/comments/${comment.id}`).set('Idempotency-Key', key);
    expect((await remove()).status).toBe(204);
    const retry = await remove();
    expect(retry.status).toBe(204);
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });

  it('when a sign-in is retried with its key it signs in again: a session cookie is never replayed', async () => {
    const key = randomUUID();
    const login = () =>
      server
        .agent()
        .post('/api/auth/login')
        .set('Idempotency-Key', key)
        .send({ email: member.email, password: 'a good password' });
    const first = await login();
    const retry = await login();
    expect([first.status, retry.status]).toEqual([200, 200]);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.headers['set-cookie']).toBeDefined();
  });

  it('when refused writes come with fresh keys no answer is kept, and a retry of a refusal runs again', async () => {
    const kept = vi.spyOn(IdempotencyRecords.prototype, 'keep');
    const visitor = server.agent();
    for (let i = 0; i < 20; i++) {
      const res = await visitor
        .post(`/api/stories/${storyId}/comments`)
        .set('Idempotency-Key', randomUUID())
        .send({ content: 'Not signed in.' });
      expect(res.status).toBe(401);
    }
    const key = randomUUID();
    const missing = `/api/comments/comment_01JAAAAAAAAAAAAAAAAAAAAAAA`;
    await member.agent.delete(missing).set('Idempotency-Key', key).expect(404);
    const again = await member.agent.delete(missing).set('Idempotency-Key', key).expect(404);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(kept).not.toHaveBeenCalled();
  });

  it('when the first attempt appended but its answer was lost (a crash), the retry finds the comment and posts nothing again', async () => {
    // The crash: the first attempt's answer is never kept, and its claim lapses.
    const lost = vi.spyOn(IdempotencyRecords.prototype, 'keepFor').mockImplementationOnce(function (
      this: IdempotencyRecords,
      _caller,
      id,
    ) {
      return this.release(id);
    });
    const key = randomUUID();
    const before = (await commentsOfStory()).length;
    const first = await postComment(member, key, 'Posted just before a crash.');
    expect(first.status).toBe(201);
    expect(lost).toHaveBeenCalledOnce();
    const position = await head();

    const retry = await postComment(member, key, 'Posted just before a crash.');

    expect(retry.status).toBe(201);
    expect(parseBody(retry, commentSchema).id).toBe(parseBody(first, commentSchema).id);
    expect(await head()).toBe(position);
    const comments = await commentsOfStory();
    expect(comments).toHaveLength(before + 1);
  });

  it('when a story submitted before a crash is retried it answers the same story and submits nothing again', async () => {
    vi.spyOn(IdempotencyRecords.prototype, 'keepFor').mockImplementationOnce(function (
      this: IdempotencyRecords,
      _caller,
      id,
    ) {
      return this.release(id);
    });
    const key = randomUUID();
    const submit = () =>
      member.agent
        .post('/api/stories')
        .set('Idempotency-Key', key)
        .send({ content: 'He sold the sofa while I was out. Who is right?', category: 'other' });
    const first = await submit().expect(201);
    const position = await head();
    const retry = await submit().expect(201);
    expect(parseBody(retry, storyCardSchema).id).toBe(parseBody(first, storyCardSchema).id);
    expect(await head()).toBe(position);
  });

  it('when a read carries a key it is answered as usual', async () => {
    const res = await server
      .agent()
      .get(`/api/stories/${storyId}`)
      .set('Idempotency-Key', 'k'.repeat(300));
    expect(res.status).toBe(200);
  });
});
