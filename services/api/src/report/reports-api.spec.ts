import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { adminSummarySchema } from '@whosright/contracts/account/dto';
import { moderationLogPageSchema } from '@whosright/contracts/moderation/dto';
import { notificationsPageSchema } from '@whosright/contracts/notification/dto';
import {
  filedReportSchema,
  myReportSchema,
  reportedTargetsPageSchema,
  type ReportedTarget,
} from '@whosright/contracts/report/dto';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { writesAtOnce } from '#api/testing/writes-at-once';
import { startTestServer, type TestServer } from '#api/app/test-server';

type Member = Awaited<ReturnType<typeof signUp>>;

let server: TestServer;
let admin: Member;
let otherAdmin: Member;

const head = () => server.running.application.stores.eventStore.headPosition();
const idOf = (res: { body: unknown }) => z.object({ id: z.string() }).parse(res.body).id;

beforeAll(async () => {
  server = await startTestServer({
    ADMIN_EMAILS: 'reports-admin@example.com,reports-admin2@example.com',
  });
  admin = await signUp(server, { email: 'reports-admin@example.com' });
  otherAdmin = await signUp(server, { email: 'reports-admin2@example.com' });
});
afterAll(async () => {
  await server.stop();
});

async function cases(status: 'open' | 'closed' = 'open'): Promise<ReportedTarget[]> {
  const res = await admin.agent.get(`/api/admin/reports?status=${status}&limit=50`).expect(200);
  return parseBody(res, reportedTargetsPageSchema).items;
}

async function caseOf(targetId: string, status: 'open' | 'closed' = 'open') {
  return (await cases(status)).find((item) => item.targetId === targetId);
}

/** An approved story by a new author, and a comment on it by another member. */
async function reportable() {
  const author = await signUp(server);
  const storyId = await approvedStory(author, admin);
  const commenter = await signUp(server);
  const commentId = idOf(
    await commenter.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'Buy cheap watches at example.com' })
      .expect(201),
  );
  return { author, storyId, commenter, commentId };
}

const report = (member: Member, body: object) => member.agent.post('/api/reports').send(body);

describe('POST /api/reports', () => {
  it('files a report (201), and filing again replaces it (200) without counting it twice', async () => {
    const { storyId } = await reportable();
    const reader = await signUp(server);
    const first = await report(reader, {
      targetType: 'story',
      targetId: storyId,
      reason: 'spam',
      note: '  A shop link in the story.  ',
    }).expect(201);
    expect(parseBody(first, filedReportSchema)).toEqual({
      targetType: 'story',
      targetId: storyId,
      reason: 'spam',
      note: 'A shop link in the story.',
      status: 'open',
    });
    await report(reader, { targetType: 'story', targetId: storyId, reason: 'other' }).expect(200);
    const position = await head();
    await report(reader, { targetType: 'story', targetId: storyId, reason: 'other' }).expect(200);
    expect(await head()).toBe(position);

    const listed = await caseOf(storyId);
    expect(listed).toMatchObject({
      targetType: 'story',
      storyId,
      text: 'He keeps every receipt. Who is right?',
      count: 1,
      reasons: [{ reason: 'other', count: 1 }],
      reports: [{ reason: 'other', note: null }],
      closed: null,
    });
    expect(listed?.reports[0]?.reporter?.id).toBe(reader.id);
  });

  it('when a member asks for their report on a target they get their open one, and none once it is closed or for others', async () => {
    const { storyId } = await reportable();
    const reader = await signUp(server);
    const mine = () =>
      reader.agent
        .get(`/api/reports/story/${storyId}`)
        .expect(200)
        .then((res) => parseBody(res, myReportSchema).report);
    expect(await mine()).toBeNull();
    await report(reader, {
      targetType: 'story',
      targetId: storyId,
      reason: 'personal_info',
      note: 'Names the street.',
    }).expect(201);
    expect(await mine()).toEqual({
      targetType: 'story',
      targetId: storyId,
      reason: 'personal_info',
      note: 'Names the street.',
      status: 'open',
    });
    const other = await signUp(server);
    const theirs = await other.agent.get(`/api/reports/story/${storyId}`).expect(200);
    expect(parseBody(theirs, myReportSchema).report).toBeNull();
    await admin.agent
      .patch(`/api/admin/reports/story/${storyId}`)
      .send({ action: 'dismiss' })
      .expect(204);
    expect(await mine()).toBeNull();
    await reader.agent.get('/api/reports/story/not-a-story').expect(400);
  });

  it('when a note holds control, bidi or zero-width characters they are cleaned as in comments', async () => {
    const { storyId } = await reportable();
    const reader = await signUp(server);
    const filed = await report(reader, {
      targetType: 'story',
      targetId: storyId,
      reason: 'other',
      note: 'See \u202Eeulav\u202C the\u200B link\u0000 \u2066here\u2069.',
    }).expect(201);
    expect(parseBody(filed, filedReportSchema).note).toBe('See eulav the link here.');
    expect((await caseOf(storyId))?.reports[0]?.note).toBe('See eulav the link here.');
  });

  it('groups reports on one comment, with every reason and note', async () => {
    const { commentId, storyId, commenter } = await reportable();
    const [ann, ben, cat] = await Promise.all([signUp(server), signUp(server), signUp(server)]);
    await report(ann, { targetType: 'comment', targetId: commentId, reason: 'spam' }).expect(201);
    await report(ben, { targetType: 'comment', targetId: commentId, reason: 'spam' }).expect(201);
    await report(cat, {
      targetType: 'comment',
      targetId: commentId,
      reason: 'harassment',
      note: 'Rude.',
    }).expect(201);
    const listed = await caseOf(commentId);
    expect(listed).toMatchObject({
      targetType: 'comment',
      storyId,
      text: 'Buy cheap watches at example.com',
      author: { id: commenter.id },
      count: 3,
      reasons: [
        { reason: 'spam', count: 2 },
        { reason: 'harassment', count: 1 },
      ],
    });
    // Newest report first.
    expect(listed?.reports[0]).toMatchObject({ reason: 'harassment', note: 'Rude.' });
  });

  it('refuses a visitor and a banned member (401), one reporting their own writing (403)', async () => {
    const { author, storyId, commenter, commentId } = await reportable();
    const body = { targetType: 'story', targetId: storyId, reason: 'spam' };
    expect((await server.agent().post('/api/reports').send(body)).status).toBe(401);
    expect((await report(author, body)).status).toBe(403);
    expect(
      (await report(commenter, { targetType: 'comment', targetId: commentId, reason: 'spam' }))
        .status,
    ).toBe(403);
    const banned = await signUp(server);
    await admin.agent.patch(`/api/admin/users/${banned.id}/ban`).send({}).expect(200);
    const position = await head();
    // A ban ends the member's sessions: they report as nobody.
    expect((await report(banned, body)).status).toBe(401);
    expect(await head()).toBe(position);
  });

  it('answers 404 for a story readers cannot see and a comment that is gone', async () => {
    const author = await signUp(server);
    const pending = idOf(
      await author.agent
        .post('/api/stories')
        .send({ content: 'Pending, not yet seen. Who is right?', category: 'other' })
        .expect(201),
    );
    const { commenter, commentId } = await reportable();
    await commenter.agent.delete(`/api/comments/${commentId}`).expect(204);
    const reader = await signUp(server);
    expect(
      (await report(reader, { targetType: 'story', targetId: pending, reason: 'spam' })).status,
    ).toBe(404);
    expect(
      (await report(reader, { targetType: 'comment', targetId: commentId, reason: 'spam' })).status,
    ).toBe(404);
  });

  it('when 200 members report one story at once every one of them is answered 2xx and counted', async () => {
    const { storyId } = await reportable();
    const reporters = await Promise.all(Array.from({ length: 200 }, () => signUp(server)));
    const atOnce = writesAtOnce(server.running.application.bus, 200, (stream) =>
      stream.endsWith(storyId),
    );
    const answers = await Promise.all(
      reporters.map((reader) =>
        report(reader, { targetType: 'story', targetId: storyId, reason: 'spam' }),
      ),
    ).finally(() => atOnce.mockRestore());
    expect(answers.filter((res) => res.status !== 201).map((res) => res.status)).toEqual([]);
    expect(await caseOf(storyId)).toMatchObject({ count: 200 });
  }, 60_000);

  it("when a comment's story is hidden reporting the comment answers 404, as its comments do", async () => {
    const { storyId, commentId } = await reportable();
    await admin.agent.patch(`/api/admin/stories/${storyId}`).send({ status: 'hidden' }).expect(200);
    const reader = await signUp(server);
    await reader.agent.get(`/api/stories/${storyId}/comments`).expect(404);
    const position = await head();
    const res = await report(reader, {
      targetType: 'comment',
      targetId: commentId,
      reason: 'spam',
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'Comment not found' });
    expect(await head()).toBe(position);
    expect(await caseOf(commentId)).toBeUndefined();
  });

  /** Runs `meanwhile` once, when the filing reads the reports it decides on: after its checks. */
  function afterTheChecks(meanwhile: () => Promise<unknown>) {
    const { bus } = server.running.application;
    const state = bus.state.bind(bus);
    const spy = vi.spyOn(bus, 'state');
    spy.mockImplementationOnce(async (stream, decider) => {
      spy.mockRestore();
      await meanwhile();
      return state(stream, decider);
    });
    return spy;
  }

  it('when the member is banned between the checks and the filing the report is refused with 403', async () => {
    const { storyId } = await reportable();
    const reader = await signUp(server);
    const { accounts } = server.running.application;
    afterTheChecks(() => accounts.rolesAndBans.change(reader.id, 'ban', { correlationId: 'test' }));
    const res = await report(reader, { targetType: 'story', targetId: storyId, reason: 'spam' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'banned' });
    expect(await caseOf(storyId)).toBeUndefined();
  });

  it('when the story is hidden between the checks and the filing the report is refused with 404', async () => {
    const { storyId, commentId } = await reportable();
    const reader = await signUp(server);
    afterTheChecks(() =>
      admin.agent.patch(`/api/admin/stories/${storyId}`).send({ status: 'hidden' }).expect(200),
    );
    const res = await report(reader, {
      targetType: 'comment',
      targetId: commentId,
      reason: 'spam',
    });
    expect(res.status).toBe(404);
    expect(await caseOf(commentId)).toBeUndefined();
  });

  it.each([
    ['no body', {}],
    ['an unknown target type', { targetType: 'user', targetId: 'user_x', reason: 'spam' }],
    [
      'a comment id for a story',
      { targetType: 'story', targetId: 'comment_01ARZ3NDEKTSV4RRFFQ69G5FAV', reason: 'spam' },
    ],
    [
      'an unknown reason',
      { targetType: 'story', targetId: 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV', reason: 'boring' },
    ],
    [
      'a 501-character note',
      {
        targetType: 'story',
        targetId: 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV',
        reason: 'other',
        note: 'x'.repeat(501),
      },
    ],
    [
      'an extra key',
      {
        targetType: 'story',
        targetId: 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV',
        reason: 'spam',
        status: 'closed',
      },
    ],
    [
      'a note that is not text',
      {
        targetType: 'story',
        targetId: 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV',
        reason: 'spam',
        note: 5,
      },
    ],
  ])('answers 400 to %s and appends nothing', async (_, body) => {
    const member = await signUp(server);
    const position = await head();
    const res = await report(member, body).expect(400);
    expect(JSON.stringify(res.body)).not.toMatch(/\.ts:\d+/);
    expect(await head()).toBe(position);
  });
});

describe('PATCH /api/admin/reports/{targetType}/{targetId}', () => {
  const close = (who: Member, type: string, id: string, body: object) =>
    who.agent.patch(`/api/admin/reports/${type}/${id}`).send(body);

  it('dismisses every open report, logs it, and a second closing answers 409', async () => {
    const { storyId } = await reportable();
    const [ann, ben] = await Promise.all([signUp(server), signUp(server)]);
    await report(ann, { targetType: 'story', targetId: storyId, reason: 'spam' }).expect(201);
    await report(ben, { targetType: 'story', targetId: storyId, reason: 'off_topic' }).expect(201);
    await close(admin, 'story', storyId, { action: 'dismiss', reason: 'Fine as it is' }).expect(
      204,
    );

    expect(await caseOf(storyId)).toBeUndefined();
    expect(await caseOf(storyId, 'closed')).toMatchObject({
      count: 2,
      closed: { action: 'dismiss', reason: 'Fine as it is', by: { id: admin.id } },
    });
    const log = await admin.agent
      .get(`/api/admin/moderation-log?targetId=${storyId}&action=report.dismiss`)
      .expect(200);
    expect(parseBody(log, moderationLogPageSchema).items).toEqual([
      expect.objectContaining({ action: 'report.dismiss', reason: 'Fine as it is' }),
    ]);
    // The story is still up.
    await ann.agent.get(`/api/stories/${storyId}`).expect(200);

    const position = await head();
    const again = await close(admin, 'story', storyId, { action: 'dismiss' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'reports_closed' });
    expect(await head()).toBe(position);

    // A new report opens a new case.
    await report(ann, { targetType: 'story', targetId: storyId, reason: 'spam' }).expect(201);
    expect(await caseOf(storyId)).toMatchObject({ count: 1 });
  });

  it('hides a reported story, deletes a reported comment, bans a reported author', async () => {
    const { storyId, commentId, commenter } = await reportable();
    const second = await reportable();
    const reader = await signUp(server);
    await report(reader, { targetType: 'story', targetId: storyId, reason: 'spam' }).expect(201);
    await report(reader, { targetType: 'comment', targetId: commentId, reason: 'spam' }).expect(
      201,
    );
    await report(reader, {
      targetType: 'comment',
      targetId: second.commentId,
      reason: 'harassment',
    }).expect(201);

    await close(admin, 'story', storyId, { action: 'hide', reason: 'Spam' }).expect(204);
    await reader.agent.get(`/api/stories/${storyId}`).expect(404);
    await close(admin, 'comment', commentId, { action: 'delete' }).expect(204);
    const comments = await reader.agent.get(`/api/stories/${second.storyId}/comments`).expect(200);
    expect(JSON.stringify(comments.body)).toContain(second.commentId);
    await close(admin, 'comment', second.commentId, { action: 'ban', reason: 'Abuse' }).expect(204);
    // A ban ends the member's sessions.
    const banned = await second.commenter.agent
      .post(`/api/stories/${second.storyId}/comments`)
      .send({ content: 'Still here?' });
    expect(banned.status).toBe(401);
    // The first commenter was not banned by the deletion.
    await commenter.agent
      .post(`/api/stories/${second.storyId}/comments`)
      .send({ content: 'Still here.' })
      .expect(201);

    const closed = await cases('closed');
    const actions = Object.fromEntries(
      closed
        .filter((c) => [storyId, commentId, second.commentId].includes(c.targetId))
        .map((c) => [c.targetId, c.closed?.action]),
    );
    expect(actions).toEqual({
      [storyId]: 'hide',
      [commentId]: 'delete',
      [second.commentId]: 'ban',
    });
    const log = await admin.agent.get(`/api/admin/moderation-log?targetId=${storyId}`).expect(200);
    expect(parseBody(log, moderationLogPageSchema).items[0]).toMatchObject({
      action: 'story.hide',
      reason: 'Spam',
    });

    // The reporter hears what came of each report, never the admin's reason.
    const told = parseBody(
      await reader.agent.get('/api/notifications').expect(200),
      notificationsPageSchema,
    );
    expect(
      told.items.map(({ kind, storyId: on, text, read }) => ({ kind, on, text, read })),
    ).toEqual([
      {
        kind: 'report',
        on: second.storyId,
        text: 'Your report on a comment was reviewed: action was taken.',
        read: false,
      },
      {
        kind: 'report',
        on: storyId,
        text: 'Your report on a comment was reviewed: the comment was deleted.',
        read: false,
      },
      {
        kind: 'report',
        on: storyId,
        text: 'Your report on a story was reviewed: the story was hidden.',
        read: false,
      },
    ]);
    expect(told.unread).toBe(3);
  });

  it('when two admins act on one target at once one of them wins and the other gets 409', async () => {
    const { storyId, author } = await reportable();
    const reader = await signUp(server);
    await report(reader, { targetType: 'story', targetId: storyId, reason: 'spam' }).expect(201);
    const answers = await Promise.all([
      close(admin, 'story', storyId, { action: 'ban' }),
      close(otherAdmin, 'story', storyId, { action: 'dismiss' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([204, 409]);
    const closed = await caseOf(storyId, 'closed');
    const winner = answers[0].status === 204 ? 'ban' : 'dismiss';
    expect(closed?.closed?.action).toBe(winner);
    // The loser's action did not happen either.
    const posted = await author.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'My own story.' });
    expect(posted.status).toBe(winner === 'ban' ? 401 : 201);
  });

  it('refuses an action that does not fit the target (400), an unreported one (404), members (403)', async () => {
    const { storyId, commentId } = await reportable();
    const reader = await signUp(server);
    await report(reader, { targetType: 'story', targetId: storyId, reason: 'spam' }).expect(201);
    await report(reader, { targetType: 'comment', targetId: commentId, reason: 'spam' }).expect(
      201,
    );
    const position = await head();
    expect((await close(admin, 'story', storyId, { action: 'delete' })).status).toBe(400);
    expect((await close(admin, 'comment', commentId, { action: 'hide' })).status).toBe(400);
    expect((await close(admin, 'story', storyId, { action: 'archive' })).status).toBe(400);
    expect((await close(admin, 'story', storyId, { action: 'dismiss', extra: 1 })).status).toBe(
      400,
    );
    expect((await close(admin, 'user', storyId, { action: 'dismiss' })).status).toBe(400);
    expect((await close(admin, 'story', commentId, { action: 'dismiss' })).status).toBe(400);
    expect((await close(reader, 'story', storyId, { action: 'dismiss' })).status).toBe(403);
    expect(
      (
        await server
          .agent()
          .patch(`/api/admin/reports/story/${storyId}`)
          .send({ action: 'dismiss' })
      ).status,
    ).toBe(401);
    expect(await head()).toBe(position);
    const unreported = await approvedStory(await signUp(server), admin);
    expect((await close(admin, 'story', unreported, { action: 'dismiss' })).status).toBe(404);
  });
});

describe('GET /api/admin/summary', () => {
  it('counts the reported targets waiting for an admin', async () => {
    const openReports = async () =>
      parseBody(await admin.agent.get('/api/admin/summary').expect(200), adminSummarySchema)
        .openReports;
    const before = await openReports();
    const { storyId } = await reportable();
    const [ann, ben] = await Promise.all([signUp(server), signUp(server)]);
    await report(ann, { targetType: 'story', targetId: storyId, reason: 'spam' }).expect(201);
    await report(ben, { targetType: 'story', targetId: storyId, reason: 'spam' }).expect(201);
    expect(await openReports()).toBe(before + 1);
    await admin.agent
      .patch(`/api/admin/reports/story/${storyId}`)
      .send({ action: 'dismiss' })
      .expect(204);
    expect(await openReports()).toBe(before);
  });
});

describe('GET /api/admin/reports', () => {
  it('answers 403 to members, 401 to visitors and 400 to a bad status', async () => {
    const member = await signUp(server);
    expect((await member.agent.get('/api/admin/reports')).status).toBe(403);
    expect((await server.agent().get('/api/admin/reports')).status).toBe(401);
    expect((await admin.agent.get('/api/admin/reports?status=all')).status).toBe(400);
  });

  it('shows no name and no note of a reporter who deleted their account', async () => {
    const { storyId } = await reportable();
    const leaver = await signUp(server);
    await report(leaver, {
      targetType: 'story',
      targetId: storyId,
      reason: 'personal_info',
      note: 'My neighbour is named in it.',
    }).expect(201);
    await leaver.agent
      .post('/api/users/me/delete')
      .send({ password: 'a good password' })
      .expect(200);
    await server.running.application.bus.settleAll(['users']);
    expect((await caseOf(storyId))?.reports).toEqual([
      expect.objectContaining({ reporter: null, reason: 'personal_info', note: null }),
    ]);
  });
});
