import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { currentUserSchema } from '@whosright/contracts/account/dto';
import { commentSchema, myCommentSchema } from '@whosright/contracts/comment/dto';
import { errorBodySchema } from '@whosright/contracts/shared/errors';
import { pageSchema } from '@whosright/contracts/shared/page';
import { myStorySchema } from '@whosright/contracts/story/dto';
import { signUp } from '#api/testing/people';
import { startTestServer, type TestServer } from '#api/app/test-server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;
let member: Awaited<ReturnType<typeof signUp>>;
const idOf = (res: { body: unknown }) => z.object({ id: z.string() }).parse(res.body).id;
const storiesPage = (res: { body: unknown }) => pageSchema(myStorySchema).parse(res.body);
const commentsPage = (res: { body: unknown }) => pageSchema(myCommentSchema).parse(res.body);
const head = () => server.running.application.stores.eventStore.headPosition();

async function submit(by = member, content = 'He folds the towels in thirds. Who is right?') {
  const res = await by.agent.post('/api/stories').send({ content, category: 'household' });
  expect(res.status).toBe(201);
  return idOf(res);
}

async function moderate(storyId: string, status: string, reason?: string) {
  await admin.agent
    .patch(`/api/admin/stories/${storyId}`)
    .send(reason === undefined ? { status } : { status, reason })
    .expect(200);
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'profile-admin@example.com' });
  admin = await signUp(server, { email: 'profile-admin@example.com' });
  member = await signUp(server, { firstName: 'Pia' });
});
afterAll(async () => {
  await server.stop();
});

describe('profile reads', () => {
  it('when a visitor asks for any profile list it answers 401', async () => {
    for (const path of ['/api/users/stats', '/api/users/stories', '/api/users/comments'])
      expect((await server.agent().get(path)).status, path).toBe(401);
  });

  it('when a member has written and voted it counts what still exists', async () => {
    const someone = await signUp(server);
    const kept = await submit(someone);
    const gone = await submit(someone);
    await moderate(kept, 'approved');
    await someone.agent.post(`/api/stories/${kept}/vote`).send({ vote: 'he' }).expect(200);
    const comment = await someone.agent
      .post(`/api/stories/${kept}/comments`)
      .send({ content: 'Thirds, obviously.' })
      .expect(201);
    await someone.agent
      .post(`/api/stories/${kept}/comments`)
      .send({ content: 'Second thoughts.' })
      .expect(201);
    await someone.agent.delete(`/api/stories/${gone}`).expect(204);
    await someone.agent.delete(`/api/comments/${idOf(comment)}`).expect(204);
    const stats = await someone.agent.get('/api/users/stats');
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({ storiesSubmitted: 1, commentsPosted: 1, votesGiven: 1 });
  });

  it('when a member lists their stories it shows every status newest first with cursor pages and the reason of a rejection', async () => {
    const someone = await signUp(server);
    const first = await submit(someone, 'First story of mine, about the dishes.');
    const second = await submit(someone, 'Second story of mine, about the rent.');
    const third = await submit(someone, 'Third story of mine, about the holidays.');
    await moderate(first, 'rejected', 'It names a real person');
    await moderate(second, 'hidden');
    const res1 = await someone.agent.get('/api/users/stories?limit=2');
    expect(res1.status).toBe(200);
    const page1 = storiesPage(res1);
    expect(page1.items.map((s) => s.id)).toEqual([third, second]);
    expect(page1.items[0]).toMatchObject({
      status: 'pending',
      category: 'household',
      heVotes: 0,
      sheVotes: 0,
      commentCount: 0,
      reactions: { relatable: 0, lol: 0, wtf: 0 },
      moderationReason: null,
    });
    expect(page1.items[1]).toMatchObject({ status: 'hidden', moderationReason: null });
    const page2 = storiesPage(
      await someone.agent.get(
        `/api/users/stories?limit=2&cursor=${encodeURIComponent(page1.nextCursor ?? '')}`,
      ),
    );
    expect(page2.items).toEqual([
      expect.objectContaining({
        id: first,
        status: 'rejected',
        moderationReason: 'It names a real person',
      }),
    ]);
    expect(page2.nextCursor).toBeNull();
  });

  it("when a member lists their comments it shows each with its story's category and an excerpt of at most 100 characters cut at a word, newest first", async () => {
    const someone = await signUp(server);
    const long = `She ${'keeps the thermostat at nineteen degrees '.repeat(5)}`;
    const storyId = await submit(member, long);
    await moderate(storyId, 'approved');
    for (const content of ['One.', 'Two.', 'Three.'])
      await someone.agent.post(`/api/stories/${storyId}/comments`).send({ content }).expect(201);
    const res1 = await someone.agent.get('/api/users/comments?limit=2');
    expect(res1.status).toBe(200);
    const page1 = commentsPage(res1);
    expect(page1.items.map((c) => c.content)).toEqual(['Three.', 'Two.']);
    const { id, createdAt, ...newest } = page1.items[0]!;
    expect(id).toMatch(/^comment_/);
    expect(Date.parse(createdAt)).not.toBeNaN();
    expect(newest).toEqual({
      content: 'Three.',
      upvotes: 0,
      downvotes: 0,
      story: {
        id: storyId,
        category: 'household',
        content:
          'She keeps the thermostat at nineteen degrees keeps the thermostat at nineteen degrees keeps the…',
      },
    });
    const page2 = commentsPage(
      await someone.agent.get(
        `/api/users/comments?limit=2&cursor=${encodeURIComponent(page1.nextCursor ?? '')}`,
      ),
    );
    expect(page2.items.map((c) => c.content)).toEqual(['One.']);
  });

  it.each([
    ['a cursor that is not one', '?cursor=not-a-cursor'],
    ['a cursor of another shape', `?cursor=${Buffer.from('[1,2,3]').toString('base64url')}`],
    ['a limit of zero', '?limit=0'],
    ['a limit above the maximum', '?limit=51'],
    ['an unknown parameter', '?status=approved'],
  ])('when a list is asked with %s it answers 400', async (_case, query) => {
    for (const path of ['/api/users/stories', '/api/users/comments'])
      expect((await member.agent.get(`${path}${query}`)).status, path).toBe(400);
  });
});

describe('profile update', () => {
  it('when a member sets a username and a picture it answers the user, and the current user shows them', async () => {
    const someone = await signUp(server);
    const res = await someone.agent
      .patch('/api/users/profile')
      .send({ username: '  pia_reads  ', profileImageUrl: ' https://example.com/pia.png ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: someone.id,
      username: 'pia_reads',
      profileImageUrl: 'https://example.com/pia.png',
    });
    const me = await someone.agent.get('/api/auth/user');
    expect(me.body).toMatchObject({
      username: 'pia_reads',
      profileImageUrl: 'https://example.com/pia.png',
    });
  });

  it('when a field is empty or absent it is cleared', async () => {
    const someone = await signUp(server);
    await someone.agent
      .patch('/api/users/profile')
      .send({ username: 'clear_me', profileImageUrl: 'https://example.com/a.png' })
      .expect(200);
    const res = await someone.agent.patch('/api/users/profile').send({ username: '   ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: null, profileImageUrl: null });
  });

  it('when the username is taken in any case it answers 409 and changes nothing; once given up it is free again', async () => {
    const first = await signUp(server);
    const second = await signUp(server);
    await first.agent.patch('/api/users/profile').send({ username: 'TakenName' }).expect(200);
    const before = await head();
    const taken = await second.agent.patch('/api/users/profile').send({ username: 'takenname' });
    expect(taken.status).toBe(409);
    expect(errorBodySchema.parse(taken.body).message).toBe(
      'That username is taken. Please choose another one.',
    );
    expect(await head()).toBe(before);
    // The holder may change the case of their own name.
    await first.agent.patch('/api/users/profile').send({ username: 'takenName' }).expect(200);
    await first.agent.patch('/api/users/profile').send({ username: 'another_one' }).expect(200);
    const now = await second.agent.patch('/api/users/profile').send({ username: 'TAKENNAME' });
    expect(now.status).toBe(200);
    expect(currentUserSchema.parse(now.body).username).toBe('TAKENNAME');
  });

  it('when the username is reserved in any case or with separators it answers 409 and changes nothing', async () => {
    const someone = await signUp(server);
    const before = await head();
    for (const username of ['admin', 'Moderator', 'whos_right', 'SUPPORT', 'a_d_m_i_n', 'null']) {
      const res = await someone.agent.patch('/api/users/profile').send({ username });
      expect(res.status, username).toBe(409);
      expect(errorBodySchema.parse(res.body), username).toEqual({
        message: 'This username is reserved. Please choose another one.',
        code: 'conflict',
      });
    }
    expect(await head()).toBe(before);
    await someone.agent.patch('/api/users/profile').send({ username: 'admin_fan' }).expect(200);
  });

  it('when the picture points at the site itself, localhost or a private address it answers 400 saying so and changes nothing', async () => {
    const someone = await signUp(server);
    const site = new URL(server.config.publicUrl).host;
    const before = await head();
    for (const profileImageUrl of [
      `https://${site}/api/logout`,
      'https://localhost/a.png',
      'https://127.0.0.1/a.png',
      'https://10.1.2.3/a.png',
      'https://172.20.0.1/a.png',
      'https://192.168.0.1/a.png',
      'https://169.254.169.254/a.png',
      'https://0.0.0.0/a.png',
      'https://[::1]/a.png',
      'https://[fd00::1]/a.png',
      'https://[fe80::1]/a.png',
    ]) {
      const res = await someone.agent
        .patch('/api/users/profile')
        .send({ username: 'fine_pictures', profileImageUrl });
      expect(res.status, profileImageUrl).toBe(400);
      expect(errorBodySchema.parse(res.body), profileImageUrl).toMatchObject({
        message:
          'Profile image URL must not point to this site, to localhost or to a private or local network address.',
        code: 'validation_failed',
      });
    }
    expect(await head()).toBe(before);
    await someone.agent
      .patch('/api/users/profile')
      .send({ profileImageUrl: 'https://images.example.com/me.png' })
      .expect(200);
  });

  it("when a commenter picks a username their comments' author shows it", async () => {
    const commenter = await signUp(server, { firstName: 'Quinn' });
    const storyId = await submit();
    await moderate(storyId, 'approved');
    await commenter.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'Thirds is right.' })
      .expect(201);
    await commenter.agent.patch('/api/users/profile').send({ username: 'quinn_q' }).expect(200);
    const list = await server.agent().get(`/api/stories/${storyId}/comments`);
    expect(z.array(commentSchema).parse(list.body)[0]?.author).toMatchObject({
      id: commenter.id,
      username: 'quinn_q',
    });
  });

  it('when the picture URL holds characters a URL may not hold unencoded it answers 400 saying so and changes nothing', async () => {
    const someone = await signUp(server);
    const before = await head();
    for (const profileImageUrl of [
      'https://example.com/a.png"><script>alert(1)</script>',
      "https://example.com/a.png'onerror='alert(1)",
      'https://example.com/a b.png',
      'https://example.com/a\\b.png',
      'https://example.com/a`b.png',
      'https://example.com/a\u0007.png',
      'https://example.com/a\u0085.png',
    ]) {
      const res = await someone.agent.patch('/api/users/profile').send({ profileImageUrl });
      expect(res.status, profileImageUrl).toBe(400);
      expect(errorBodySchema.parse(res.body), profileImageUrl).toMatchObject({
        code: 'validation_failed',
        issues: [
          {
            path: 'profileImageUrl',
            message:
              'Profile image URL must not contain spaces, quotes, angle brackets, backslashes or control characters',
          },
        ],
      });
    }
    expect(await head()).toBe(before);
    const encoded = 'https://example.com/a%20b%22.png';
    const res = await someone.agent
      .patch('/api/users/profile')
      .send({ profileImageUrl: encoded })
      .expect(200);
    expect(res.body).toMatchObject({ profileImageUrl: encoded });
  });

  it.each([
    ['a two-character username', { username: 'ab' }],
    ['a username with a space', { username: 'a b' }],
    ['a 31-character username', { username: 'a'.repeat(31) }],
    ['a username with a dot', { username: 'a.b.c' }],
    ['an http: image URL', { profileImageUrl: 'http://example.com/a.png' }],
    ['a relative image URL', { profileImageUrl: '/a.png' }],
    ['an image URL over 2048 characters', { profileImageUrl: `https://e.com/${'a'.repeat(2040)}` }],
    ['an extra key', { username: 'fine_name', role: 'admin' }],
    ['a number as username', { username: 12345 }],
  ])('when the body has %s it answers 400 and appends nothing', async (_case, body) => {
    const before = await head();
    const res = await member.agent.patch('/api/users/profile').send(body);
    expect(res.status).toBe(400);
    expect(await head()).toBe(before);
  });

  it('when a visitor updates a profile it answers 401; a banned member gets 403', async () => {
    expect(
      (await server.agent().patch('/api/users/profile').send({ username: 'nobody' })).status,
    ).toBe(401);
    const banned = await signUp(server);
    const accounts = server.running.application.accounts;
    await accounts.rolesAndBans.change(banned.id, 'ban', {
      correlationId: 'test',
      userId: admin.id,
    });
    const again = server.agent();
    await again
      .post('/api/auth/login')
      .send({ email: banned.email, password: 'a good password' })
      .expect(200);
    const before = await head();
    expect((await again.patch('/api/users/profile').send({ username: 'banned_one' })).status).toBe(
      403,
    );
    expect(await head()).toBe(before);
    expect((await again.get('/api/users/stats')).status).toBe(200);
  });
});
