import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { currentUserSchema } from '@whosright/contracts/account/dto';
import { commentSchema } from '@whosright/contracts/comment/dto';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';

let server: TestServer;
let admin: Member;
let author: Member;

type Member = Awaited<ReturnType<typeof signUp>>;

const head = () => server.running.application.stores.eventStore.headPosition();

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'side-admin@example.com' });
  admin = await signUp(server, { email: 'side-admin@example.com' });
  author = await signUp(server);
});
afterAll(async () => {
  await server.stop();
});

/** A member who votes `side` on the story (or not at all) and then comments on it. */
async function commenter(storyId: string, side: 'he' | 'she' | null): Promise<Member> {
  const member = await signUp(server);
  if (side)
    await member.agent.post(`/api/stories/${storyId}/vote`).send({ vote: side }).expect(200);
  await member.agent
    .post(`/api/stories/${storyId}/comments`)
    .send({ content: `Said by ${member.id}` })
    .expect(201);
  return member;
}

async function sidesOn(storyId: string) {
  const res = await server.agent().get(`/api/stories/${storyId}/comments`).expect(200);
  const comments = parseBody(res, z.array(commentSchema));
  return new Map(comments.map((c) => [c.author.id, c.side]));
}

const setSide = (member: Member, body: unknown) =>
  member.agent.patch('/api/users/preferences').send(body as object);

describe('the side beside each comment', () => {
  it('shows how each commenter voted on the story, and nothing for one who did not', async () => {
    const storyId = await approvedStory(author, admin);
    const he = await commenter(storyId, 'he');
    const she = await commenter(storyId, 'she');
    const undecided = await commenter(storyId, null);

    const sides = await sidesOn(storyId);
    expect(sides.get(he.id)).toBe('he');
    expect(sides.get(she.id)).toBe('she');
    expect(sides.get(undecided.id)).toBeNull();
  });

  it('answers a new comment with its author side, as the list will show it', async () => {
    const storyId = await approvedStory(author, admin);
    const member = await signUp(server);
    await member.agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'she' }).expect(200);
    const res = await member.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'Fair enough.' })
      .expect(201);
    expect(parseBody(res, commentSchema)).toMatchObject({ isOwn: true, side: 'she' });
  });

  it('hides the side of a member who turns it off, on every comment, until they turn it on', async () => {
    const storyId = await approvedStory(author, admin);
    const member = await commenter(storyId, 'he');

    const off = await setSide(member, { showSideOnComments: false }).expect(200);
    expect(parseBody(off, currentUserSchema).showSideOnComments).toBe(false);
    expect((await sidesOn(storyId)).get(member.id)).toBeNull();
    const me = await member.agent.get('/api/auth/user').expect(200);
    expect(parseBody(me, currentUserSchema).showSideOnComments).toBe(false);

    // The same choice again appends nothing.
    const before = await head();
    await setSide(member, { showSideOnComments: false }).expect(200);
    expect(await head()).toBe(before);

    await setSide(member, { showSideOnComments: true }).expect(200);
    expect((await sidesOn(storyId)).get(member.id)).toBe('he');
  });

  it('lets a banned member hide their side, and answers 401 to a visitor', async () => {
    const storyId = await approvedStory(author, admin);
    const member = await commenter(storyId, 'she');
    await admin.agent.patch(`/api/admin/users/${member.id}/ban`).expect(200);
    // A ban ends the member's sessions; a banned member may still sign in and read.
    await member.agent
      .post('/api/auth/login')
      .send({ email: member.email, password: 'a good password' })
      .expect(200);

    await setSide(member, { showSideOnComments: false }).expect(200);
    expect((await sidesOn(storyId)).get(member.id)).toBeNull();
    const visitor = await server.agent().patch('/api/users/preferences').send({
      showSideOnComments: false,
    });
    expect(visitor.status).toBe(401);
  });

  it.each([
    [{}],
    [{ showSideOnComments: 'no' }],
    [{ showSideOnComments: null }],
    [{ showSideOnComments: false, extra: 1 }],
  ])('answers 400 to %j and changes nothing', async (body) => {
    const member = await signUp(server);
    const before = await head();
    const res = await setSide(member, body).expect(400);
    expect(JSON.stringify(res.body)).not.toContain(' at ');
    expect(await head()).toBe(before);
  });

  it('shows no side for a commenter who deleted their account', async () => {
    const storyId = await approvedStory(author, admin);
    const leaving = await commenter(storyId, 'he');
    await leaving.agent
      .post('/api/users/me/delete')
      .send({ password: 'a good password' })
      .expect(200);
    const res = await server.agent().get(`/api/stories/${storyId}/comments`).expect(200);
    const sides = parseBody(res, z.array(commentSchema)).map((c) => c.side);
    expect(sides.every((side) => side === null)).toBe(true);
  });
});
