import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import { followStateSchema } from '@whosright/contracts/follow/dto';
import { notificationsPageSchema } from '@whosright/contracts/notification/dto';
import { storyViewSchema } from '@whosright/contracts/story/dto';
import { readModels } from '@whosright/projections/read-models';
import { STORY_FOLLOWS } from '@whosright/projections/story-follows/docs';
import { runReplay } from '#api/cli/replay/run-replay';
import { waitForMailTo, withLink } from '#api/platform/mail/outbox-reader';
import { parseBody } from '#api/testing/parse-body';
import { signUp, verificationTokenFor } from '#api/testing/people';
import { approvedStory, submittedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';

type Member = Awaited<ReturnType<typeof signUp>>;

let server: TestServer;
let admin: Member;
let teller: Member;

const head = () => server.running.application.stores.eventStore.headPosition();
const SETTINGS = '/api/users/notification-settings';

/** A story whose label (its first words, cut between words) is `LABEL`. */
const OPENING = 'He keeps the thermostat at 25 degrees all winter long and says it is cheaper';
const LABEL = 'He keeps the thermostat at 25 degrees all winter long and…';
const story = () => approvedStory(teller, admin, `${OPENING} ${Math.random()}. Who is right?`);

const follow = (member: Member, storyId: string) =>
  member.agent.put(`/api/stories/${storyId}/follow`);
const unfollow = (member: Member, storyId: string) =>
  member.agent.delete(`/api/stories/${storyId}/follow`);
const isFollowing = async (agent: Member['agent'], storyId: string) =>
  parseBody(await agent.get(`/api/stories/${storyId}`).expect(200), storyViewSchema).following;

async function comment(member: Member, storyId: string, content = 'Fair point.') {
  await member.agent.post(`/api/stories/${storyId}/comments`).send({ content }).expect(201);
}
async function vote(storyId: string, side: 'he' | 'she') {
  const voter = await signUp(server);
  await voter.agent.post(`/api/stories/${storyId}/vote`).send({ vote: side }).expect(200);
}

async function notificationsOf(member: Member) {
  const res = await member.agent.get('/api/notifications').expect(200);
  return parseBody(res, notificationsPageSchema);
}
/** What the member hears of the stories they follow: [text, read] of each, newest first. */
async function followNews(member: Member) {
  const page = await notificationsOf(member);
  return page.items
    .filter((item) => item.kind === 'following')
    .map((item) => [item.text, item.read] as const);
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'follow-admin@example.com' });
  admin = await signUp(server, { email: 'follow-admin@example.com' });
  teller = await signUp(server);
});
afterAll(async () => {
  await server.stop();
});

describe('following a story', () => {
  it('when a member follows a story the answer and the story say so, and following twice or unfollowing twice appends nothing', async () => {
    const storyId = await story();
    const ann = await signUp(server);
    expect(await isFollowing(ann.agent, storyId)).toBe(false);
    expect(parseBody(await follow(ann, storyId).expect(200), followStateSchema)).toEqual({
      following: true,
    });
    expect(await isFollowing(ann.agent, storyId)).toBe(true);
    const followed = await head();
    await follow(ann, storyId).expect(200);
    expect(await head()).toBe(followed);

    expect(parseBody(await unfollow(ann, storyId).expect(200), followStateSchema)).toEqual({
      following: false,
    });
    const unfollowed = await head();
    await unfollow(ann, storyId).expect(200);
    expect(await head()).toBe(unfollowed);
    expect(await isFollowing(ann.agent, storyId)).toBe(false);
    // Nobody else follows it by her doing; a visitor follows nothing.
    expect(await isFollowing((await signUp(server)).agent, storyId)).toBe(false);
    expect(await isFollowing(server.agent(), storyId)).toBe(false);
  });

  it('when the story is pending, unknown or malformed following is refused and writes nothing', async () => {
    const pending = await submittedStory(teller);
    const ann = await signUp(server);
    const before = await head();
    expect((await follow(ann, pending)).status).toBe(404);
    expect((await unfollow(ann, pending)).status).toBe(404);
    expect((await follow(ann, 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV')).status).toBe(404);
    expect((await unfollow(ann, 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV')).status).toBe(404);
    const malformed = await follow(ann, 'not-a-story');
    expect(malformed.status).toBe(400);
    expect(malformed.body).not.toHaveProperty('stack');
    expect((await unfollow(ann, 'not-a-story')).status).toBe(400);
    expect(await head()).toBe(before);
  });

  it('when a visitor or a banned member follows it answers 401 / 403 and writes nothing', async () => {
    const storyId = await story();
    const banned = await signUp(server);
    await follow(banned, storyId).expect(200);
    await admin.agent.patch(`/api/admin/users/${banned.id}/ban`).expect(200);
    await banned.agent
      .post('/api/auth/login')
      .send({ email: banned.email, password: 'a good password' })
      .expect(200);
    const before = await head();
    expect((await server.agent().put(`/api/stories/${storyId}/follow`)).status).toBe(401);
    expect((await server.agent().delete(`/api/stories/${storyId}/follow`)).status).toBe(401);
    expect((await follow(banned, storyId)).status).toBe(403);
    expect((await unfollow(banned, storyId)).status).toBe(403);
    expect(await head()).toBe(before);
  });
});

describe("a story's author follows it", () => {
  it('when their story is approved its author follows it without asking, and following it again appends nothing', async () => {
    const author = await signUp(server);
    const pending = await submittedStory(author);
    expect(await isFollowing(author.agent, pending)).toBe(false);
    await admin.agent.patch(`/api/admin/stories/${pending}`).send({ status: 'approved' });
    expect(await isFollowing(author.agent, pending)).toBe(true);
    const before = await head();
    expect(parseBody(await follow(author, pending).expect(200), followStateSchema)).toEqual({
      following: true,
    });
    expect(await head()).toBe(before);
  });

  it('when others comment on the story its author hears it once, as its author, never as a follower', async () => {
    const author = await signUp(server);
    const storyId = await approvedStory(author, admin);
    await comment(await signUp(server), storyId);
    const page = await notificationsOf(author);
    expect(page.items.filter((i) => i.kind === 'comments').map((i) => i.text)).toEqual([
      '1 new comment on your story.',
    ]);
    expect(page.items.filter((i) => i.kind === 'following')).toEqual([]);
  });

  it('when the author unfollows their story its new comments are not told, until they follow it again', async () => {
    const author = await signUp(server);
    const storyId = await approvedStory(author, admin);
    const other = await signUp(server);
    await comment(other, storyId);
    await unfollow(author, storyId).expect(200);
    expect(await isFollowing(author.agent, storyId)).toBe(false);
    await comment(other, storyId, 'Still here.');
    const unfollowed = await notificationsOf(author);
    expect(unfollowed.items.map((i) => i.kind)).toEqual(['approved']);

    await follow(author, storyId).expect(200);
    expect(await isFollowing(author.agent, storyId)).toBe(true);
    const again = await notificationsOf(author);
    expect(again.items.filter((i) => i.kind === 'comments').map((i) => i.text)).toEqual([
      '2 new comments on your story.',
    ]);
  });
});

describe('news of a followed story', () => {
  it("when others comment after a member follows they hear one notification for the story, counting only others' comments since", async () => {
    const storyId = await story();
    const ann = await signUp(server);
    const ben = await signUp(server);
    await comment(ben, storyId, 'Before Ann followed.');
    await follow(ann, storyId).expect(200);
    expect(await followNews(ann)).toEqual([]);

    await comment(ben, storyId, 'One.');
    await comment(await signUp(server), storyId, 'Two.');
    await comment(ann, storyId, 'Mine, no news to me.');
    const page = await notificationsOf(ann);
    const [news] = page.items.filter((item) => item.kind === 'following');
    expect(news).toMatchObject({
      id: `following:comments:${storyId}`,
      storyId,
      storyLabel: LABEL,
      text: `2 new comments on “${LABEL}”.`,
      read: false,
    });
    expect(page.unread).toBe(1);

    await ann.agent
      .post('/api/notifications/read')
      .send({ ids: [news!.id] })
      .expect(200);
    expect(await followNews(ann)).toEqual([[`New comments on “${LABEL}”, all read.`, true]]);
    await comment(ben, storyId, 'Three.');
    expect(await followNews(ann)).toEqual([[`1 new comment on “${LABEL}”.`, false]]);
  });

  it('when the majority flips after a member follows they hear it; a flip before they followed is no news', async () => {
    const storyId = await story();
    const ann = await signUp(server);
    await vote(storyId, 'he');
    await vote(storyId, 'she');
    await vote(storyId, 'she');
    await follow(ann, storyId).expect(200);
    expect(await followNews(ann)).toEqual([]);

    await vote(storyId, 'he');
    await vote(storyId, 'he');
    expect(await followNews(ann)).toEqual([
      [`The majority on “${LABEL}” flipped to He's Right.`, false],
    ]);
  });

  it('when the member turns "Stories I follow" off neither comments nor flips are in their list, count or digest', async () => {
    const storyId = await story();
    const ann = await signUp(server);
    const token = await verificationTokenFor(server, ann.email);
    await ann.agent.post('/api/auth/verify-email').send({ token }).expect(200);
    await ann.agent.patch(SETTINGS).send({ digest: true }).expect(200);
    await vote(storyId, 'he');
    await follow(ann, storyId).expect(200);
    await comment(await signUp(server), storyId);
    await vote(storyId, 'she');
    await vote(storyId, 'she');
    expect((await followNews(ann)).map(([text]) => text)).toEqual([
      `1 new comment on “${LABEL}”.`,
      `The majority on “${LABEL}” flipped to She's Right.`,
    ]);

    await ann.agent
      .patch(SETTINGS)
      .send({ kinds: { following: false } })
      .expect(200);
    expect(await followNews(ann)).toEqual([]);
    expect((await notificationsOf(ann)).unread).toBe(0);
    const digest = server.running.application.dailyDigest;
    if (!digest) throw new Error('the embedded server runs the daily digest');
    expect(await digest.run()).toBe(0);

    await ann.agent
      .patch(SETTINGS)
      .send({ kinds: { following: true } })
      .expect(200);
    expect(await digest.run()).toBe(1);
    const mail = await waitForMailTo(server.dataDir, ann.email, {
      matching: withLink('/unsubscribe?token='),
    });
    expect(mail.text).toContain(`1 new comment on “${LABEL}”.`);
    expect(mail.text).toContain(`The majority on “${LABEL}” flipped to She's Right.`);
  });

  it('when a member unfollows, the news of the story goes and no new news comes', async () => {
    const storyId = await story();
    const ann = await signUp(server);
    await follow(ann, storyId).expect(200);
    await comment(await signUp(server), storyId);
    expect(await followNews(ann)).toHaveLength(1);
    await unfollow(ann, storyId).expect(200);
    expect(await followNews(ann)).toEqual([]);
    await comment(await signUp(server), storyId, 'After the unfollow.');
    expect(await followNews(ann)).toEqual([]);
  });

  it('when a followed story is hidden its news goes, and nothing names it', async () => {
    const storyId = await story();
    const ann = await signUp(server);
    await follow(ann, storyId).expect(200);
    await comment(await signUp(server), storyId);
    expect(await followNews(ann)).toHaveLength(1);
    await admin.agent
      .patch(`/api/admin/stories/${storyId}`)
      .send({ status: 'hidden', reason: 'Off topic' })
      .expect(200);
    const page = await notificationsOf(ann);
    expect(JSON.stringify(page)).not.toContain(OPENING.slice(0, 20));
  });
});

describe('follows and the log', () => {
  it('when a follower deletes their account their follows are forgotten', async () => {
    const storyId = await story();
    const leaving = await signUp(server);
    await follow(leaving, storyId).expect(200);
    const follows = server.running.application.queries.storyFollows;
    expect(Object.keys((await follows.of(leaving.id))?.stories ?? {})).toEqual([storyId]);
    await leaving.agent
      .post('/api/users/me/delete')
      .send({ password: 'a good password' })
      .expect(200);
    await server.running.application.bus.settleAll([STORY_FOLLOWS]);
    expect(await follows.of(leaving.id)).toBeUndefined();
  });

  it('when a member exports their data it lists the stories they followed and unfollowed', async () => {
    const kept = await story();
    const dropped = await story();
    const ann = await signUp(server);
    await follow(ann, kept).expect(200);
    await follow(ann, dropped).expect(200);
    await unfollow(ann, dropped).expect(200);
    const res = await ann.agent.get('/api/users/me/export').expect(200);
    const { following } = z
      .object({
        following: z.array(
          z.object({
            storyId: z.string(),
            followedAt: z.string().optional(),
            unfollowedAt: z.string().optional(),
          }),
        ),
      })
      .parse(JSON.parse(res.text));
    expect(
      following.map((f) => [f.storyId, Boolean(f.followedAt), Boolean(f.unfollowedAt)]),
    ).toEqual([
      [kept, true, false],
      [dropped, true, true],
    ]);
  });

  it('when the read model is rebuilt by replay the member still follows, and still hears of the story', async () => {
    const storyId = await story();
    const ann = await signUp(server);
    const author = await signUp(server);
    const own = await approvedStory(author, admin);
    await follow(ann, storyId).expect(200);
    await unfollow(author, own).expect(200);
    await comment(await signUp(server), storyId);
    const code = await runReplay([STORY_FOLLOWS], {
      projections: readModels,
      catalog: domainEventCatalog,
      dataDir: server.dataDir,
      stdout: { write: () => undefined, isTTY: false },
      stderr: { write: () => undefined, isTTY: false },
    });
    expect(code).toBe(0);
    expect(await isFollowing(ann.agent, storyId)).toBe(true);
    expect(await isFollowing(author.agent, own)).toBe(false);
    expect(await followNews(ann)).toEqual([[`1 new comment on “${LABEL}”.`, false]]);
  });
});
