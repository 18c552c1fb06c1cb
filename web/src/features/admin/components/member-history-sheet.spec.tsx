import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberHistory, MemberNote } from '@whosright/contracts/member-history/dto';

import { ADMIN, MEMBER, page, renderAdminScreen } from '#web/testing/admin-screen.tsx';

const storyId = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const commentId = 'comment_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const ada = { id: ADMIN.id, displayName: 'ada' };

const history = (overrides: Partial<MemberHistory> = {}): MemberHistory => ({
  user: {
    id: MEMBER.id,
    displayName: 'sam',
    email: 'sam@example.com',
    role: 'user',
    status: 'banned',
    createdAt: '2026-01-01T00:00:00.000Z',
    ban: { at: '2026-01-05T00:00:00.000Z', reason: 'Repeated insults' },
  },
  counts: {
    storiesRejected: 1,
    storiesHidden: 0,
    storiesDeleted: 0,
    commentsDeleted: 1,
    reports: 3,
    bans: 1,
    notes: 1,
  },
  entries: [
    {
      kind: 'decision',
      id: 'log-3',
      at: '2026-01-05T00:00:00.000Z',
      action: 'user.ban',
      source: 'admin',
      by: ada,
      reason: 'Repeated insults',
      target: { type: 'user', id: MEMBER.id, label: 'sam' },
    },
    {
      kind: 'reports',
      id: `comment:${commentId}:0`,
      at: '2026-01-04T00:00:00.000Z',
      target: { type: 'comment', id: commentId, storyId },
      count: 3,
      reasons: ['spam', 'harassment'],
      outcome: { action: 'delete', reason: 'Insult', by: ada },
    },
    {
      kind: 'decision',
      id: 'log-1',
      at: '2026-01-03T00:00:00.000Z',
      action: 'story.reject',
      source: 'admin',
      by: null,
      reason: null,
      target: { type: 'story', id: storyId, label: 'Buy my course, he is wrong.' },
    },
  ],
  notes: {
    items: [
      {
        id: 'note-1',
        text: 'Warned by mail on 4 January.',
        author: ada,
        at: '2026-01-04T12:00:00.000Z',
      },
    ],
    nextCursor: null,
  },
  ...overrides,
});

const added: MemberNote = {
  id: 'note-2',
  text: 'Second account suspected.',
  author: ada,
  at: '2026-01-06T00:00:00.000Z',
};

const historyRoute = `GET /api/admin/users/${MEMBER.id}/history`;

async function openFromUsers(routes: Parameters<typeof renderAdminScreen>[0] = {}) {
  const rendered = renderAdminScreen({ [historyRoute]: { body: history() }, ...routes });
  await rendered.actor.click(await screen.findByRole('tab', { name: 'User Management' }));
  await rendered.actor.click(await screen.findByRole('button', { name: 'History of sam' }));
  const sheet = await screen.findByRole('dialog', { name: 'sam' });
  return { ...rendered, sheet };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('member history sheet', () => {
  it('opened from the Users tab it shows the counts, the timeline with who, why and when, and the notes', async () => {
    const { sheet } = await openFromUsers();
    expect(await within(sheet).findByText('Stories rejected')).toBeInTheDocument();
    const counts = within(sheet).getByText('Reports').closest('div');
    expect(counts).toHaveTextContent('3');
    expect(within(sheet).getByText('Banned by ada')).toBeInTheDocument();
    expect(within(sheet).getAllByText('Repeated insults').length).toBeGreaterThan(0);
    expect(
      within(sheet).getByText('3 reports on their comment (Spam, Harassment)'),
    ).toBeInTheDocument();
    expect(within(sheet).getByText('Comment deleted by ada')).toBeInTheDocument();
    expect(within(sheet).getByText('Story rejected by a former admin')).toBeInTheDocument();
    expect(within(sheet).getByText('Buy my course, he is wrong.')).toBeInTheDocument();
    const notes = within(sheet).getByRole('list', { name: 'Notes' });
    expect(within(notes).getByText('Warned by mail on 4 January.')).toBeInTheDocument();
    expect(within(notes).getByText('ada')).toBeInTheDocument();
  });

  it('adds a note: the button waits for text, the count follows it, and the note and a toast follow', async () => {
    const { sheet, actor, api } = await openFromUsers({
      [`POST /api/admin/users/${MEMBER.id}/notes`]: { status: 201, body: added },
    });
    const box = await within(sheet).findByRole('textbox', { name: 'Add a private note' });
    const button = within(sheet).getByRole('button', { name: 'Add note' });
    expect(button).toBeDisabled();
    await actor.type(box, '   ');
    expect(button).toBeDisabled();
    await actor.clear(box);
    await actor.type(box, '  Second account suspected.  ');
    expect(within(sheet).getByText('29 / 1000')).toBeInTheDocument();
    await actor.click(button);
    expect(await screen.findByText('Note added.')).toBeInTheDocument();
    const post = api.calls.find((call) => call.method === 'POST');
    expect(JSON.parse(post?.body ?? '')).toEqual({ text: 'Second account suspected.' });
    const notes = within(sheet).getByRole('list', { name: 'Notes' });
    const items = within(notes).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Second account suspected.');
    expect(items[1]).toHaveTextContent('Warned by mail on 4 January.');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(box).toHaveFocus();
  });

  it('when there are more notes than the first page Show more loads the older ones, then goes', async () => {
    const older: MemberNote = {
      id: 'note-0',
      text: 'First contact: asked to keep it civil.',
      author: null,
      at: '2026-01-02T00:00:00.000Z',
    };
    const firstPage = history().notes;
    const { sheet, actor, api } = await openFromUsers({
      [historyRoute]: { body: history({ notes: { ...firstPage, nextCursor: 'WyJhIiwiYiJd' } }) },
      [`GET /api/admin/users/${MEMBER.id}/notes`]: { body: { items: [older], nextCursor: null } },
    });
    const notes = await within(sheet).findByRole('list', { name: 'Notes' });
    expect(within(notes).getAllByRole('listitem')).toHaveLength(1);
    expect(api.calls.some((call) => call.url.includes('/notes'))).toBe(false);
    await actor.click(within(sheet).getByRole('button', { name: 'Show more' }));
    expect(await within(notes).findByText(older.text)).toBeInTheDocument();
    expect(within(notes).getByText('A former admin')).toBeInTheDocument();
    const asked = api.calls.find((call) => call.url.includes('/notes'));
    expect(new URL(asked?.url ?? '', 'http://local').searchParams.get('cursor')).toBe(
      'WyJhIiwiYiJd',
    );
    expect(within(sheet).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('when the server refuses a note the toast says why and the text stays', async () => {
    const { sheet, actor } = await openFromUsers({
      [`POST /api/admin/users/${MEMBER.id}/notes`]: {
        status: 404,
        body: { message: 'Member not found', code: 'not_found' },
      },
    });
    const box = await within(sheet).findByRole('textbox', { name: 'Add a private note' });
    await actor.type(box, 'Too late');
    await actor.click(within(sheet).getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Member not found')).toBeInTheDocument();
    expect(box).toHaveValue('Too late');
  });

  it('opens from a moderation log row about the member', async () => {
    const entry = {
      id: 'log-1',
      at: '2026-01-03T00:00:00.000Z',
      actor: ada,
      source: 'admin',
      action: 'user.ban',
      target: { type: 'user', id: MEMBER.id, label: 'sam' },
      memberId: MEMBER.id,
      reason: 'Repeated insults',
    };
    const { actor } = renderAdminScreen({
      'GET /api/admin/moderation-log': page([entry]),
      [historyRoute]: { body: history() },
    });
    await actor.click(await screen.findByRole('tab', { name: 'Moderation Log' }));
    await actor.click(await screen.findByRole('button', { name: 'History of sam' }));
    const sheet = await screen.findByRole('dialog', { name: 'sam' });
    expect(await within(sheet).findByText('Banned by ada')).toBeInTheDocument();
  });

  it('when the member deleted their account it opens on what remains: the decisions, no e-mail, no notes', async () => {
    const entry = {
      id: 'log-2',
      at: '2026-01-03T00:00:00.000Z',
      actor: ada,
      source: 'admin',
      action: 'story.reject',
      target: { type: 'story', id: 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV', label: '[deleted]' },
      memberId: MEMBER.id,
      reason: 'Names a real person',
    };
    const deleted = history({
      user: {
        id: MEMBER.id,
        displayName: 'Deleted member',
        email: null,
        role: 'user',
        status: 'deleted',
        createdAt: null,
        ban: null,
      },
    });
    const { actor } = renderAdminScreen({
      'GET /api/admin/moderation-log': page([entry]),
      [historyRoute]: { body: deleted },
    });
    await actor.click(await screen.findByRole('tab', { name: 'Moderation Log' }));
    await actor.click(await screen.findByRole('button', { name: "History of the story's author" }));
    const sheet = await screen.findByRole('dialog', { name: 'Deleted member' });
    expect(await within(sheet).findByText('Account deleted')).toBeInTheDocument();
    expect(
      within(sheet).getByText('The notes were forgotten with the account.'),
    ).toBeInTheDocument();
    expect(within(sheet).queryByRole('button', { name: /Add note/ })).not.toBeInTheDocument();
    expect(within(sheet).queryByText(/@/)).not.toBeInTheDocument();
  });

  it('opens from a report case on the reported author', async () => {
    const reported = {
      id: `comment:${commentId}:0`,
      targetType: 'comment',
      targetId: commentId,
      storyId,
      text: 'Buy cheap watches at example.com',
      author: { id: MEMBER.id, displayName: 'sam' },
      count: 1,
      reasons: [{ reason: 'spam', count: 1 }],
      reports: [{ reporter: null, reason: 'spam', note: null, at: '2026-01-02T00:00:00.000Z' }],
      lastReportedAt: '2026-01-02T00:00:00.000Z',
      closed: null,
    };
    const { actor } = renderAdminScreen({
      'GET /api/admin/reports': page([reported]),
      [historyRoute]: { body: history({ notes: { items: [], nextCursor: null } }) },
    });
    await actor.click(await screen.findByRole('tab', { name: 'Reports' }));
    await actor.click(await screen.findByRole('button', { name: 'History of sam' }));
    const sheet = await screen.findByRole('dialog', { name: 'sam' });
    expect(await within(sheet).findByText('No notes yet.')).toBeInTheDocument();
  });

  it('when the member is gone meanwhile the sheet says the history could not be loaded', async () => {
    const { sheet } = await openFromUsers({
      [historyRoute]: { status: 404, body: { message: 'Member not found', code: 'not_found' } },
    });
    expect(
      await within(sheet).findByText("This member's history could not be loaded."),
    ).toBeInTheDocument();
  });
});
