import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readModels } from '@whosright/projections/read-models';
import { readModelDocuments } from '@whosright/projections/runner/content-hash';
import { rebuildProjections } from '@whosright/projections/runner/rebuild';
import { waitForMailTo, withLink } from '#api/platform/mail/outbox-reader';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';

type Member = Awaited<ReturnType<typeof signUp>>;

let server: TestServer;
let admin: Member;
const idOf = (res: { body: unknown }) => z.object({ id: z.string() }).parse(res.body).id;
const stores = () => server.running.application.stores;

const exportSchema = z.object({
  exportedAt: z.string(),
  account: z.object({ id: z.string(), email: z.string(), username: z.string().nullable() }),
  stories: z.array(z.object({ id: z.string(), content: z.string(), status: z.string() })),
  comments: z.array(z.object({ id: z.string(), content: z.string() })),
  votes: z.array(z.object({ storyId: z.string(), vote: z.string() })),
  reactions: z.array(z.object({ storyId: z.string(), reaction: z.string() })),
  saved: z.array(z.object({ storyId: z.string(), at: z.string() })),
  sessions: z.array(z.object({ startedAt: z.string(), method: z.string() })),
  events: z.array(z.object({ position: z.string(), stream: z.string(), type: z.string() })),
});

/** A member who has done one of everything, on a story of `other`'s. */
async function busyMember(tag: string, other: Member) {
  const member = await signUp(server, { firstName: `Firstname${tag}` });
  const username = `user_${tag}`;
  await member.agent
    .patch('/api/users/profile')
    .send({ username, profileImageUrl: null })
    .expect(200);
  const ownStory = await approvedStory(
    member,
    admin,
    `Story text of ${tag}: she hides the remote. Who is right?`,
  );
  const otherStory = await approvedStory(
    other,
    admin,
    `Story text of the other member of ${tag}. Who is right?`,
  );
  const comment = idOf(
    await member.agent
      .post(`/api/stories/${otherStory}/comments`)
      .send({ content: `Comment text of ${tag}` })
      .expect(201),
  );
  await other.agent
    .post(`/api/stories/${ownStory}/comments`)
    .send({ content: `Reply text by the other member of ${tag}` })
    .expect(201);
  await member.agent.post(`/api/stories/${otherStory}/vote`).send({ vote: 'he' }).expect(200);
  await member.agent.post(`/api/stories/${otherStory}/reactions`).send({ type: 'lol' }).expect(200);
  await member.agent.put(`/api/stories/${otherStory}/saved`).expect(200);
  return { ...member, username, ownStory, otherStory, comment, firstName: `Firstname${tag}` };
}

/** Every document of every read model, active copies (or the given ones), as JSON text. */
async function everyDocument(targets?: Awaited<ReturnType<typeof rebuildProjections>>) {
  const { readStore } = stores();
  const texts: string[] = [];
  const copies =
    targets?.map((t) => t.target) ??
    (await Promise.all(readModels.map((p) => readStore.active(p.name))));
  for (const target of copies) {
    if (!target) continue;
    for await (const { doc } of readModelDocuments(readStore, target))
      texts.push(JSON.stringify(doc));
  }
  return texts.join('\n');
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'member-data-admin@example.com' });
  admin = await signUp(server, { email: 'member-data-admin@example.com' });
}, 60_000);
afterAll(async () => {
  await server.stop();
});

describe('GET /api/users/me/export', () => {
  it('when a member exports it answers an attachment with their story, comment, vote, reaction, saved story and sessions, and no secrets nor anything of another member', async () => {
    const other = await signUp(server, { firstName: 'Otherperson' });
    const member = await busyMember('exporter', other);
    const res = await member.agent.get('/api/users/me/export').expect(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="whos-right-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = exportSchema.parse(res.body);
    expect(data.account).toMatchObject({
      id: member.id,
      email: member.email,
      username: 'user_exporter',
    });
    expect(data.stories).toEqual([
      expect.objectContaining({ id: member.ownStory, status: 'approved' }),
    ]);
    expect(data.stories[0]?.content).toContain('Story text of exporter');
    expect(data.comments).toEqual([
      expect.objectContaining({ id: member.comment, content: 'Comment text of exporter' }),
    ]);
    expect(data.votes).toEqual([
      expect.objectContaining({ storyId: member.otherStory, vote: 'he' }),
    ]);
    expect(data.reactions).toEqual([
      expect.objectContaining({ storyId: member.otherStory, reaction: 'lol' }),
    ]);
    expect(data.saved.map((s) => s.storyId)).toEqual([member.otherStory]);
    expect(Date.parse(data.saved[0]!.at)).not.toBeNaN();
    expect(data.sessions).toEqual([expect.objectContaining({ method: 'registration' })]);
    expect(data.events.map((e) => e.type)).toContain('UserRegistered');

    const text = JSON.stringify(res.body);
    for (const secret of ['passwordHash', 'tokenHash', 'argon2', 'sessionId', 'session-'])
      expect(text, secret).not.toContain(secret);
    for (const theirs of [
      other.email,
      'Otherperson',
      'Story text of the other member',
      'Reply text by the other member',
    ])
      expect(text, theirs).not.toContain(theirs);
  });

  it('when a member exports too often it answers 429', async () => {
    const member = await signUp(server);
    for (let i = 0; i < 5; i++) await member.agent.get('/api/users/me/export').expect(200);
    expect((await member.agent.get('/api/users/me/export')).status).toBe(429);
  });
});

describe('POST /api/users/me/delete', () => {
  it('when the password is wrong it answers 400 and changes nothing', async () => {
    const other = await signUp(server);
    const member = await busyMember('wrongpassword', other);
    const head = await stores().eventStore.headPosition();
    const res = await member.agent.post('/api/users/me/delete').send({ password: 'not it at all' });
    expect(res.status).toBe(400);
    expect(await stores().eventStore.headPosition()).toBe(head);
    await member.agent.get('/api/auth/user').expect(200);
    await server.agent().get(`/api/stories/${member.ownStory}`).expect(200);
  });

  it('when the body is neither a password nor a token it answers 400', async () => {
    const member = await signUp(server);
    for (const body of [{}, { password: 5 }, { password: 'x', token: 'y' }, { other: 1 }])
      expect((await member.agent.post('/api/users/me/delete').send(body)).status).toBe(400);
  });

  it('when a member deletes their account their sessions end, their writing is gone, a rebuild shows nothing of them, and the e-mail can register again', async () => {
    const other = await signUp(server, { firstName: 'Survivor' });
    const member = await busyMember('deleted', other);
    // A second session, on another device.
    const phone = server.agent();
    const signedIn = await phone
      .post('/api/auth/login')
      .send({ email: member.email, password: 'a good password' })
      .expect(200);
    const oldCookie = ([] as string[]).concat(signedIn.headers['set-cookie'] ?? [])[0]!;

    const res = await member.agent
      .post('/api/users/me/delete')
      .send({ password: 'a good password' })
      .expect(200);
    expect(res.body).toEqual({ deleted: true });

    // Every session is over, the old cookie included.
    expect((await member.agent.get('/api/auth/user')).status).toBe(401);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    // The cookie itself, kept from before, opens nothing any more.
    const replayed = await server
      .agent()
      .get('/api/auth/user')
      .set('Cookie', oldCookie.split(';')[0]!);
    expect(replayed.status).toBe(401);
    // Their story and comment are gone from the story pages and the feed.
    expect((await server.agent().get(`/api/stories/${member.ownStory}`)).status).toBe(404);
    const feed = await server.agent().get('/api/stories?limit=50').expect(200);
    expect(JSON.stringify(feed.body)).not.toContain(member.ownStory);
    const comments = await server
      .agent()
      .get(`/api/stories/${member.otherStory}/comments`)
      .expect(200);
    expect(JSON.stringify(comments.body)).not.toContain('Comment text of deleted');
    // The other member's story stays, with its tally.
    await server.agent().get(`/api/stories/${member.otherStory}`).expect(200);

    const personal = [
      member.email,
      member.firstName,
      member.username,
      'Story text of deleted',
      'Comment text of deleted',
    ];
    const live = await everyDocument();
    for (const text of personal) expect(live, `live: ${text}`).not.toContain(text);

    // Rebuild every read model from the log: still nothing of them.
    const rebuilt = await rebuildProjections({
      eventStore: stores().forgettingLog,
      readStore: stores().readStore,
      projections: readModels,
    });
    expect(rebuilt).toHaveLength(readModels.length);
    const afterRebuild = await everyDocument(rebuilt);
    for (const text of personal) expect(afterRebuild, `rebuilt: ${text}`).not.toContain(text);
    expect(afterRebuild).toContain(other.email);
    expect(afterRebuild).toContain('Story text of the other member of deleted');

    // Whatever reads the log for read models sees nothing of them either (the upcaster)...
    const read: string[] = [];
    for await (const event of stores().forgettingLog.readAll())
      read.push(JSON.stringify(event.data));
    for (const text of personal) expect(read.join('\n'), `read: ${text}`).not.toContain(text);
    // ...while the log itself still holds the events: forgotten on the way, never rewritten.
    let inLog = false;
    for await (const event of stores().eventStore.readStream(`user-${member.id}`))
      inLog ||= JSON.stringify(event.data).includes(member.email);
    expect(inLog).toBe(true);

    // The e-mail and username are free again.
    const again = server.agent();
    await again
      .post('/api/auth/register')
      .send({ email: member.email, password: 'a good password', firstName: 'Again' })
      .expect(201);
    await again
      .patch('/api/users/profile')
      .send({ username: member.username, profileImageUrl: null })
      .expect(200);
    // Signing in with the deleted account's password reaches the new account only.
    const user = await again.get('/api/auth/user').expect(200);
    expect(z.object({ id: z.string() }).parse(user.body).id).not.toBe(member.id);
  }, 60_000);

  it('when a banned member exports and deletes their account it works, taking their story and comment with it', async () => {
    const other = await signUp(server);
    const member = await busyMember('banned', other);
    await admin.agent.patch(`/api/admin/users/${member.id}/ban`).expect(200);
    const agent = server.agent();
    await agent
      .post('/api/auth/login')
      .send({ email: member.email, password: 'a good password' })
      .expect(200);
    const exported = exportSchema.parse((await agent.get('/api/users/me/export').expect(200)).body);
    expect(exported.stories.map((s) => s.id)).toEqual([member.ownStory]);
    await agent.post('/api/users/me/delete-request').expect(202);
    await agent.post('/api/users/me/delete').send({ password: 'a good password' }).expect(200);
    expect((await agent.get('/api/auth/user')).status).toBe(401);
    expect((await server.agent().get(`/api/stories/${member.ownStory}`)).status).toBe(404);
    const comments = await server
      .agent()
      .get(`/api/stories/${member.otherStory}/comments`)
      .expect(200);
    expect(JSON.stringify(comments.body)).not.toContain('Comment text of banned');
  }, 60_000);

  it('when the last admin deletes their account it answers 409 asking them to promote someone first, and removes nothing', async () => {
    const lone = await startTestServer({ ADMIN_EMAILS: 'lone-admin@example.com' });
    try {
      const boss = await signUp(lone, { email: 'lone-admin@example.com' });
      const storyId = idOf(
        await boss.agent
          .post('/api/stories')
          .send({ content: 'The only admin wrote this. Who is right?', category: 'other' })
          .expect(201),
      );
      const eventStore = lone.running.application.stores.eventStore;
      const head = await eventStore.headPosition();
      const lastAdmin = {
        message:
          'You are the last admin: promote someone else to admin first, then delete your account.',
        code: 'conflict',
      };
      const res = await boss.agent
        .post('/api/users/me/delete')
        .send({ password: 'a good password' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual(lastAdmin);
      const link = await boss.agent.post('/api/users/me/delete-request');
      expect(link.status).toBe(409);
      expect(link.body).toEqual(lastAdmin);
      expect(await eventStore.headPosition()).toBe(head);
      await boss.agent.get('/api/auth/user').expect(200);
      await boss.agent.get(`/api/admin/stories/${storyId}/history`).expect(200);

      // Once someone else is an admin, the former last one may leave.
      const heir = await signUp(lone);
      await boss.agent.patch(`/api/admin/users/${heir.id}/promote`).expect(200);
      await boss.agent
        .post('/api/users/me/delete')
        .send({ password: 'a good password' })
        .expect(200);
      expect((await boss.agent.get('/api/auth/user')).status).toBe(401);
    } finally {
      await lone.stop();
    }
  }, 60_000);

  it('when the member confirms with a mailed link it deletes the account', async () => {
    const member = await signUp(server);
    await member.agent.post('/api/users/me/delete-request').expect(202);
    const mail = await waitForMailTo(server.dataDir, member.email, {
      matching: withLink('deleteToken='),
    });
    const link = mail.links.find((l) => l.includes('deleteToken='));
    const token = link ? new URL(link).searchParams.get('deleteToken') : null;
    expect(token).toBeTruthy();
    expect(
      (await member.agent.post('/api/users/me/delete').send({ token: `${token}x` })).status,
    ).toBe(400);
    await member.agent.get('/api/auth/user').expect(200);
    await member.agent.post('/api/users/me/delete').send({ token }).expect(200);
    expect((await member.agent.get('/api/auth/user')).status).toBe(401);
  });

  it('when a banned member exports and deletes their own data both are allowed', async () => {
    const member = await signUp(server);
    await admin.agent
      .patch(`/api/admin/users/${member.id}/ban`)
      .send({ reason: 'Spam' })
      .expect(200);
    const browser = server.agent();
    await browser
      .post('/api/auth/login')
      .send({ email: member.email, password: 'a good password' })
      .expect(200);
    await browser.get('/api/users/me/export').expect(200);
    await browser.post('/api/users/me/delete-request').expect(202);
    await browser.post('/api/users/me/delete').send({ password: 'a good password' }).expect(200);
    expect((await browser.get('/api/auth/user')).status).toBe(401);
  });
});
