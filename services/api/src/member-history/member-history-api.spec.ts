import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DELETED_TEXT } from '@whosright/contracts/account/events';
import { memberNotesStream } from '@whosright/contracts/member-history/events';
import {
  memberHistorySchema,
  memberNoteSchema,
  memberNotesPageSchema,
  type MemberHistory,
} from '@whosright/contracts/member-history/dto';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';

type Member = Awaited<ReturnType<typeof signUp>>;

let server: TestServer;
let admin: Member;
let otherAdmin: Member;

const head = () => server.running.application.stores.eventStore.headPosition();
const idOf = (res: { body: unknown }) => z.object({ id: z.string() }).parse(res.body).id;
const unknownMember = 'user_01JZZZZZZZZZZZZZZZZZZZZZZZ';

beforeAll(async () => {
  server = await startTestServer({
    ADMIN_EMAILS: 'history-admin@example.com,history-admin2@example.com',
  });
  admin = await signUp(server, { email: 'history-admin@example.com', firstName: 'Hilda' });
  otherAdmin = await signUp(server, { email: 'history-admin2@example.com', firstName: 'Otto' });
});
afterAll(async () => {
  await server.stop();
});

async function historyOf(memberId: string, by: Member = admin): Promise<MemberHistory> {
  const res = await by.agent.get(`/api/admin/users/${memberId}/history`).expect(200);
  return parseBody(res, memberHistorySchema);
}

const addNote = (memberId: string, body: unknown, by: Member = admin) =>
  by.agent.post(`/api/admin/users/${memberId}/notes`).send(body as object);

describe('who may read a history and add a note', () => {
  it('answers 401 to visitors and 403 to members, for both calls, and appends nothing', async () => {
    const member = await signUp(server);
    const before = await head();
    await server.agent().get(`/api/admin/users/${member.id}/history`).expect(401);
    await server
      .agent()
      .post(`/api/admin/users/${member.id}/notes`)
      .send({ text: 'x' })
      .expect(401);
    await member.agent.get(`/api/admin/users/${member.id}/history`).expect(403);
    await addNote(member.id, { text: 'About me' }, member).expect(403);
    expect(await head()).toBe(before);
  });

  it('answers 400 for a malformed id and 404 for an unknown member', async () => {
    await admin.agent.get('/api/admin/users/not-an-id/history').expect(400);
    await addNote('not-an-id', { text: 'x' }).expect(400);
    await admin.agent.get(`/api/admin/users/${unknownMember}/history`).expect(404);
    const before = await head();
    await addNote(unknownMember, { text: 'Who is this?' }).expect(404);
    expect(await head()).toBe(before);
  });

  it.each([
    ['no body', undefined],
    ['no text', {}],
    ['blank text', { text: '   ' }],
    ['1001 characters after trimming', { text: ` ${'x'.repeat(1001)} ` }],
    ['text of the wrong type', { text: 42 }],
    ['an extra key', { text: 'Fine', pinned: true }],
  ])('refuses a note with %s (400) and appends nothing', async (_name, body) => {
    const member = await signUp(server);
    const before = await head();
    const res = await addNote(member.id, body);
    expect(res.status).toBe(400);
    expect(await head()).toBe(before);
  });
});

describe('GET /api/admin/users/{id}/history', () => {
  it('tells every decision about the member and the reports against them, newest first, with counts', async () => {
    const author = await signUp(server, { firstName: 'Troll' });
    const reader = await signUp(server);
    const rejected = idOf(
      await author.agent
        .post('/api/stories')
        .send({ content: 'Buy my course, he is wrong.', category: 'money' })
        .expect(201),
    );
    await admin.agent
      .patch(`/api/admin/stories/${rejected}`)
      .send({ status: 'rejected', reason: 'Advertising' })
      .expect(200);
    const hidden = await approvedStory(author, admin, 'She never pays me back. Who is right?');
    await reader.agent
      .post('/api/reports')
      .send({ targetType: 'story', targetId: hidden, reason: 'personal_info' })
      .expect(201);
    await admin.agent
      .patch(`/api/admin/reports/story/${hidden}`)
      .send({ action: 'hide', reason: 'Names a neighbour' })
      .expect(204);
    const othersStory = await approvedStory(reader, admin);
    const comment = (content: string) =>
      author.agent.post(`/api/stories/${othersStory}/comments`).send({ content }).expect(201);
    const rude = idOf(await comment('You are an idiot.'));
    await admin.agent.delete(`/api/admin/comments/${rude}`).send({ reason: 'Insult' }).expect(204);
    const harmless = idOf(await comment('I disagree.'));
    await reader.agent
      .post('/api/reports')
      .send({ targetType: 'comment', targetId: harmless, reason: 'harassment' })
      .expect(201);
    await otherAdmin.agent
      .patch(`/api/admin/reports/comment/${harmless}`)
      .send({ action: 'dismiss', reason: 'Just a disagreement' })
      .expect(204);
    await admin.agent
      .patch(`/api/admin/users/${author.id}/ban`)
      .send({ reason: 'Repeated insults' })
      .expect(200);

    const history = await historyOf(author.id);
    expect(history.user).toMatchObject({
      id: author.id,
      role: 'user',
      status: 'banned',
      ban: { reason: 'Repeated insults' },
    });
    expect(history.counts).toEqual({
      storiesRejected: 1,
      storiesHidden: 1,
      storiesDeleted: 0,
      commentsDeleted: 1,
      reports: 2,
      bans: 1,
      notes: 0,
    });
    const byAdmin = { id: admin.id, displayName: 'Hilda' };
    expect(history.entries[0]).toMatchObject({
      kind: 'decision',
      action: 'user.ban',
      by: byAdmin,
      reason: 'Repeated insults',
      target: { type: 'user', id: author.id },
    });
    const decisions = history.entries.filter((entry) => entry.kind === 'decision');
    expect(decisions.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['story.reject', 'story.hide', 'comment.delete', 'user.ban']),
    );
    expect(decisions.find((entry) => entry.action === 'story.reject')).toMatchObject({
      reason: 'Advertising',
      by: byAdmin,
      target: { type: 'story', id: rejected, label: 'Buy my course, he is wrong.' },
    });
    expect(decisions.find((entry) => entry.action === 'comment.delete')).toMatchObject({
      reason: 'Insult',
      target: { type: 'comment', id: rude },
    });
    const reports = history.entries.filter((entry) => entry.kind === 'reports');
    expect(reports).toEqual([
      expect.objectContaining({
        target: { type: 'comment', id: harmless, storyId: othersStory },
        count: 1,
        reasons: ['harassment'],
        outcome: {
          action: 'dismiss',
          reason: 'Just a disagreement',
          by: { id: otherAdmin.id, displayName: 'Otto' },
        },
      }),
      expect.objectContaining({
        target: { type: 'story', id: hidden, storyId: hidden },
        outcome: {
          action: 'hide',
          reason: 'Names a neighbour',
          by: { id: admin.id, displayName: 'Hilda' },
        },
      }),
    ]);
    const times = history.entries.map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
    // The reader only reported: their history has their own story's approval, and no report.
    const readers = (await historyOf(reader.id)).entries;
    expect(readers).toHaveLength(1);
    expect(readers[0]).toMatchObject({ action: 'story.approve', target: { id: othersStory } });
  });
});

describe('POST /api/admin/users/{id}/notes', () => {
  it('adds a trimmed note with its author, shown newest first in the history', async () => {
    const member = await signUp(server);
    const first = await addNote(member.id, { text: '  Warned by mail about insults.  ' }).expect(
      201,
    );
    expect(parseBody(first, memberNoteSchema)).toMatchObject({
      text: 'Warned by mail about insults.',
      author: { id: admin.id, displayName: 'Hilda' },
    });
    await addNote(member.id, { text: 'Second warning.' }, otherAdmin).expect(201);
    const history = await historyOf(member.id);
    expect(history.notes.items.map((note) => [note.text, note.author?.id])).toEqual([
      ['Second warning.', otherAdmin.id],
      ['Warned by mail about insults.', admin.id],
    ]);
    expect(history.counts.notes).toBe(2);
  });

  it('when a member has 25 notes the history carries the newest 20 and the rest come a page at a time', async () => {
    const member = await signUp(server);
    for (let i = 1; i <= 25; i++) await addNote(member.id, { text: `Note ${i}` }).expect(201);
    const history = await historyOf(member.id);
    expect(history.counts.notes).toBe(25);
    expect(history.notes.items.map((note) => note.text)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Note ${25 - i}`),
    );
    const notesOf = async (query: string) =>
      parseBody(
        await admin.agent.get(`/api/admin/users/${member.id}/notes${query}`).expect(200),
        memberNotesPageSchema,
      );
    const rest = await notesOf(`?cursor=${history.notes.nextCursor}&limit=3`);
    expect(rest.items.map((note) => note.text)).toEqual(['Note 5', 'Note 4', 'Note 3']);
    const last = await notesOf(`?cursor=${rest.nextCursor}`);
    expect(last).toMatchObject({ nextCursor: null });
    expect(last.items.map((note) => [note.text, note.author?.id])).toEqual([
      ['Note 2', admin.id],
      ['Note 1', admin.id],
    ]);
    expect((await notesOf('?limit=50')).items).toHaveLength(25);
  });

  it('when the notes page is asked for wrongly it answers 400, 404 or 403 and never more than 50', async () => {
    const member = await signUp(server);
    const notes = (query: string, by: Member = admin) =>
      by.agent.get(`/api/admin/users/${member.id}/notes${query}`);
    await notes('?limit=51').expect(400);
    await notes('?limit=0').expect(400);
    await notes('?cursor=not-a-cursor').expect(400);
    await notes(`?cursor=${Buffer.from('[1,2,3]').toString('base64url')}`).expect(400);
    await notes('?page=2').expect(400);
    await notes('', member).expect(403);
    await server.agent().get(`/api/admin/users/${member.id}/notes`).expect(401);
    await admin.agent.get(`/api/admin/users/${unknownMember}/notes`).expect(404);
    await admin.agent.get('/api/admin/users/not-an-id/notes').expect(400);
  });

  it("keeps notes out of the member's export and the writing admin's", async () => {
    const member = await signUp(server);
    const writer = otherAdmin;
    await addNote(member.id, { text: 'Private: possibly a second account.' }, writer).expect(201);
    for (const person of [member, writer]) {
      const exported = await person.agent.get('/api/users/me/export').expect(200);
      expect(JSON.stringify(exported.body)).not.toContain('possibly a second account');
      expect(JSON.stringify(exported.body)).not.toContain('MemberNoteAdded');
    }
  });

  it('after a member with decisions about them deletes their account, their history is what remains, named Deleted member', async () => {
    const member = await signUp(server, { firstName: 'Gone' });
    await admin.agent
      .patch(`/api/admin/users/${member.id}/ban`)
      .send({ reason: 'Spam links' })
      .expect(200);
    await admin.agent.patch(`/api/admin/users/${member.id}/unban`).send({}).expect(200);
    await addNote(member.id, { text: 'Private: watch for a new account.' }).expect(201);
    // The ban ended their sessions: back in to delete the account.
    await member.agent
      .post('/api/auth/login')
      .send({ email: member.email, password: 'a good password' })
      .expect(200);
    await member.agent
      .post('/api/users/me/delete')
      .send({ password: 'a good password' })
      .expect(200);

    const history = await historyOf(member.id);
    expect(history.user).toEqual({
      id: member.id,
      displayName: 'Deleted member',
      email: null,
      role: 'user',
      status: 'deleted',
      createdAt: null,
      ban: null,
    });
    expect(history.entries.map((entry) => entry.kind === 'decision' && entry.action)).toEqual([
      'user.unban',
      'user.ban',
    ]);
    expect(history.notes.items).toEqual([]);
    const log = await admin.agent
      .get(`/api/admin/moderation-log?targetId=${member.id}`)
      .expect(200);
    const labels = (log.body as { items: Array<{ target: { label: string } }> }).items.map(
      (item) => item.target.label,
    );
    expect(labels).toEqual(['Deleted member', 'Deleted member']);
    expect(JSON.stringify(log.body)).not.toContain('forgotten');
  });

  it('after the member deletes their account the notes are unreadable, and no new one lands', async () => {
    const member = await signUp(server);
    await addNote(member.id, { text: 'Private: shares a flat with a moderator.' }).expect(201);
    await member.agent
      .post('/api/users/me/delete')
      .send({ password: 'a good password' })
      .expect(200);

    await admin.agent.get(`/api/admin/users/${member.id}/history`).expect(404);
    await addNote(member.id, { text: 'Too late.' }).expect(404);
    const { application } = server.running;
    expect(await application.queries.memberNotes.count(member.id)).toBe(0);
    const texts: unknown[] = [];
    for await (const event of application.stores.forgettingLog.readStream(
      memberNotesStream(member.id),
    ))
      texts.push((event.data as { text: unknown }).text);
    expect(texts).toEqual([DELETED_TEXT]);
  });

  it("when the note's author deletes their account the note stays, naming nobody", async () => {
    const member = await signUp(server);
    const leaving = await signUp(server);
    await admin.agent.patch(`/api/admin/users/${leaving.id}/promote`).send({}).expect(200);
    await addNote(member.id, { text: 'Checked the reports: nothing to do.' }, leaving).expect(201);
    await admin.agent.patch(`/api/admin/users/${leaving.id}/demote`).send({}).expect(200);
    await leaving.agent
      .post('/api/users/me/delete')
      .send({ password: 'a good password' })
      .expect(200);
    const [note] = (await historyOf(member.id)).notes.items;
    expect(note).toMatchObject({ text: 'Checked the reports: nothing to do.', author: null });
    expect(JSON.stringify(await historyOf(member.id))).not.toContain(leaving.email);
  });
});
