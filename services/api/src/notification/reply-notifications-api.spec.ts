import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { notificationsPageSchema } from '@whosright/contracts/notification/dto';
import { waitForMailTo, withLink } from '#api/platform/mail/outbox-reader';
import { parseBody } from '#api/testing/parse-body';
import { signUp, verificationTokenFor } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';
import type { DailyDigest } from './daily-digest';

type Member = Awaited<ReturnType<typeof signUp>>;

let server: TestServer;
let admin: Member;
let teller: Member;
let digest: DailyDigest;

const SETTINGS = '/api/users/notification-settings';
const idOf = (res: { body: unknown }) => z.object({ id: z.string() }).parse(res.body).id;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'reply-bell-admin@example.com' });
  admin = await signUp(server, { email: 'reply-bell-admin@example.com' });
  teller = await signUp(server);
  const running = server.running.application.dailyDigest;
  if (!running) throw new Error('the embedded server runs the daily digest');
  digest = running;
});
afterAll(async () => {
  await server.stop();
});

async function comment(by: Member, storyId: string, content: string, parentId?: string) {
  const body = parentId ? { content, parentId } : { content };
  return idOf(await by.agent.post(`/api/stories/${storyId}/comments`).send(body).expect(201));
}

async function repliesHeardBy(member: Member) {
  const res = await member.agent.get('/api/notifications').expect(200);
  return parseBody(res, notificationsPageSchema).items.filter((item) => item.kind === 'replies');
}

describe("a reply in the parent comment's author's notifications", () => {
  it('when someone replies to a comment its author is told "<name> replied to your comment", once per reply', async () => {
    const storyId = await approvedStory(teller, admin);
    const cleo = await signUp(server, { firstName: 'Cleo' });
    const dan = await signUp(server, { firstName: 'Dan' });
    const parent = await comment(cleo, storyId, 'He is right.');
    const replyId = await comment(dan, storyId, 'Not so sure.', parent);
    await comment(cleo, storyId, 'Answering myself.', parent);
    const told = await repliesHeardBy(cleo);
    expect(told).toEqual([
      expect.objectContaining({
        id: `reply:${replyId}`,
        storyId,
        text: 'Dan replied to your comment.',
        read: false,
      }),
    ]);
    expect(await repliesHeardBy(dan)).toEqual([]);

    await cleo.agent.post('/api/notifications/read').send({ ids: [`reply:${replyId}`] });
    expect((await repliesHeardBy(cleo))[0]?.read).toBe(true);
  });

  it('when the member turns "Replies to my comments" off the reply is not in their list or count', async () => {
    const storyId = await approvedStory(teller, admin);
    const cleo = await signUp(server);
    const parent = await comment(cleo, storyId, 'First.');
    await comment(await signUp(server), storyId, 'Second.', parent);
    expect(await repliesHeardBy(cleo)).toHaveLength(1);
    await cleo.agent
      .patch(SETTINGS)
      .send({ kinds: { replies: false } })
      .expect(200);
    expect(await repliesHeardBy(cleo)).toEqual([]);
    const page = parseBody(
      await cleo.agent.get('/api/notifications').expect(200),
      notificationsPageSchema,
    );
    expect(page.unread).toBe(0);
  });

  it('when the member takes the digest an unread reply is in it', async () => {
    const storyId = await approvedStory(teller, admin);
    const cleo = await signUp(server);
    const token = await verificationTokenFor(server, cleo.email);
    await cleo.agent.post('/api/auth/verify-email').send({ token }).expect(200);
    await cleo.agent.patch(SETTINGS).send({ digest: true }).expect(200);
    const parent = await comment(cleo, storyId, 'First.');
    await comment(await signUp(server, { firstName: 'Eve' }), storyId, 'Second.', parent);
    await digest.run();
    const mail = await waitForMailTo(server.dataDir, cleo.email, {
      matching: withLink('/unsubscribe?token='),
    });
    expect(mail.text).toContain('Eve replied to your comment.');
  });
});
