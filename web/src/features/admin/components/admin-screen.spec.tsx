import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  ADMIN,
  MEMBER,
  page,
  queuedStory,
  renderAdminScreen,
  storyHistory,
} from '#web/testing/admin-screen.tsx';

const story = queuedStory();
const member = MEMBER;
const summary = {
  pendingStories: 1,
  totalUsers: 2,
  flaggedComments: 0,
  poorStories: 1,
  openReports: 1,
};

const render = (routes: Parameters<typeof renderAdminScreen>[0] = {}) =>
  renderAdminScreen({
    'GET /api/admin/summary': { body: summary },
    'GET /api/admin/stories': page([story]),
    'GET /api/admin/skipped-stories': page([{ ...story, status: 'approved' }]),
    ...routes,
  });

const card = (title: string) =>
  screen.getByRole('button', { name: new RegExp(`^${title.replace(/[()%]/g, '\\$&')}`) });

describe('admin screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when it opens it shows the five summary cards and the pending queue', async () => {
    render();
    expect(await screen.findByText(story.content)).toBeInTheDocument();
    await waitFor(() => expect(card('Pending Stories')).toHaveTextContent('1'));
    expect(card('Total Users')).toHaveTextContent('2');
    expect(card('Flagged Comments')).toHaveTextContent('0');
    expect(card('Poor Stories')).toHaveTextContent('1');
    expect(card('Open Reports')).toHaveTextContent('1');
  });

  it.each([
    ['Pending Stories', 'GET /api/admin/stories', 'No stories pending moderation'],
    ['User Management', 'GET /api/admin/users', 'No users found'],
    [
      'Flagged Comments (High Downvotes)',
      'GET /api/admin/flagged-comments',
      'No flagged comments found',
    ],
    [
      'Poor Performing Stories (Top 5% Skip Rate)',
      'GET /api/admin/skipped-stories',
      'No poor performing stories found',
    ],
    ['Reports', 'GET /api/admin/reports', 'No open reports'],
    ['Moderation Log', 'GET /api/admin/moderation-log', 'No moderation actions found'],
  ])('when the %s tab is empty it says so', async (tab, call, empty) => {
    const { actor } = render({ [call]: page([]) });
    await actor.click(await screen.findByRole('tab', { name: tab }));
    expect(await screen.findByText(empty)).toBeInTheDocument();
  });

  it('when a story waits in the queue it says who submitted it, and History opens their record', async () => {
    const { actor, api } = render();
    expect(await screen.findByText(story.content)).toBeInTheDocument();
    expect(screen.getByText('Submitted by')).toHaveTextContent('Submitted by sam');
    await actor.click(screen.getByRole('button', { name: 'History of sam' }));
    expect(await screen.findByRole('dialog', { name: 'sam' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.map((call) => call.url)).toContainEqual(
        expect.stringContaining(`/api/admin/users/${MEMBER.id}/history`),
      ),
    );
  });

  it('when an admin opens a tab it goes into the address, and an address with a tab opens on it', async () => {
    const { actor, router } = renderAdminScreen({}, '/admin?tab=log');
    expect(await screen.findByRole('tab', { name: 'Moderation Log' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await actor.click(screen.getByRole('tab', { name: 'Reports' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'reports' }));
    expect(screen.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
    await actor.click(screen.getByRole('tab', { name: 'Pending Stories' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('when an admin approves a story it leaves the queue at once and the count follows', async () => {
    let approved = false;
    const { api, actor } = render({
      'GET /api/admin/summary': () =>
        Response.json({ ...summary, pendingStories: approved ? 0 : 1 }),
      'PATCH /api/admin/stories/story_01ARZ3NDEKTSV4RRFFQ69G5FAV': () => {
        approved = true;
        return Response.json({ ...story, status: 'approved' });
      },
    });
    await screen.findByText(story.content);
    await waitFor(() => expect(card('Pending Stories')).toHaveTextContent('1'));
    await actor.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.queryByText(story.content)).not.toBeInTheDocument();
    expect(card('Pending Stories')).toHaveTextContent('0');
    expect(await screen.findByText('Story has been approved.')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.filter((c) => c.url === '/api/admin/summary')).toHaveLength(2),
    );
    expect(card('Pending Stories')).toHaveTextContent('0');
    const patch = api.calls.find((c) => c.method === 'PATCH');
    expect(JSON.parse(patch?.body ?? '')).toEqual({ status: 'approved' });
  });

  it('when an admin rejects a story it asks first and sends the reason given', async () => {
    const { api, actor } = render({
      'PATCH /api/admin/stories/story_01ARZ3NDEKTSV4RRFFQ69G5FAV': {
        body: { ...story, status: 'rejected' },
      },
    });
    await screen.findByText(story.content);
    await actor.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this story?' });
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
    await actor.type(
      within(dialog).getByLabelText('Reason (optional)'),
      '  Names of real people.  ',
    );
    await actor.click(within(dialog).getByRole('button', { name: 'Reject story' }));
    expect(await screen.findByText('Story has been rejected.')).toBeInTheDocument();
    const patch = api.calls.find((c) => c.method === 'PATCH');
    expect(JSON.parse(patch?.body ?? '')).toEqual({
      status: 'rejected',
      reason: 'Names of real people.',
    });
  });

  it('when the server refuses a rule the toast says why and the list is as before', async () => {
    const { actor } = render({
      [`PATCH /api/admin/users/${member.id}/ban`]: {
        status: 409,
        body: { message: 'Demote them before banning.', code: 'conflict' },
      },
    });
    await actor.click(await screen.findByRole('tab', { name: 'User Management' }));
    const list = await screen.findByRole('list', { name: 'Users' });
    const row = within(list).getAllByRole('listitem')[1];
    if (!row) throw new Error('no row');
    await actor.click(within(row).getByRole('button', { name: 'Ban User' }));
    await actor.click(await screen.findByRole('button', { name: 'Ban user' }));
    expect(await screen.findByText('Demote them before banning.')).toBeInTheDocument();
    expect(within(row).queryByText('Banned')).not.toBeInTheDocument();
  });

  it('when an admin sees their own row it offers neither Demote nor Ban', async () => {
    const { actor } = render();
    await actor.click(await screen.findByRole('tab', { name: 'User Management' }));
    const list = await screen.findByRole('list', { name: 'Users' });
    const mine = within(list).getAllByRole('listitem')[0];
    if (!mine) throw new Error('no row');
    expect(within(mine).getByText('You')).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'Demote' })).not.toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'Ban User' })).not.toBeInTheDocument();
  });

  it('when an admin promotes a member it asks first and sends the reason given', async () => {
    const { api, actor } = render({
      [`PATCH /api/admin/users/${member.id}/promote`]: { body: { ...member, role: 'admin' } },
    });
    await actor.click(await screen.findByRole('tab', { name: 'User Management' }));
    const list = await screen.findByRole('list', { name: 'Users' });
    const row = within(list).getAllByRole('listitem')[1];
    if (!row) throw new Error('no row');
    await actor.click(within(row).getByRole('button', { name: 'Promote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promote sam?' });
    expect(api.calls.some((c) => c.url.endsWith('/promote'))).toBe(false);
    // Promoting sanctions no one: its confirm button is the plain one, not the red one.
    expect(within(dialog).getByRole('button', { name: 'Promote' })).toHaveAttribute(
      'data-variant',
      'default',
    );
    await actor.type(within(dialog).getByRole('textbox'), 'Runs the weekend queue');
    await actor.click(within(dialog).getByRole('button', { name: 'Promote' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.url.endsWith('/promote'))?.body).toBe(
        '{"reason":"Runs the weekend queue"}',
      ),
    );
  });

  it('when a member is banned their row says when and why beside Unban', async () => {
    const banned = {
      ...member,
      status: 'banned',
      ban: { at: '2026-11-20T10:00:00.000Z', reason: 'Spam links' },
    };
    const { actor } = render({ 'GET /api/admin/users': page([ADMIN, banned]) });
    await actor.click(await screen.findByRole('tab', { name: 'User Management' }));
    const list = await screen.findByRole('list', { name: 'Users' });
    const row = within(list).getAllByRole('listitem')[1];
    if (!row) throw new Error('no row');
    expect(row).toHaveTextContent('Banned on November 20, 2026. Reason: Spam links');
    expect(within(row).getByRole('button', { name: 'Unban' })).toBeInTheDocument();
  });

  it('when an admin picks a user filter it asks the server for those accounts only', async () => {
    const { api, actor } = render();
    await actor.click(await screen.findByRole('tab', { name: 'User Management' }));
    const filters = await screen.findByRole('group', { name: 'Show users' });
    expect(within(filters).getByRole('button', { name: 'All' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const asked = (query: string) =>
      waitFor(() => expect(api.calls.map((c) => c.url)).toContain(`/api/admin/users${query}`));
    await actor.click(within(filters).getByRole('button', { name: 'Banned' }));
    await asked('?status=banned');
    await actor.click(within(filters).getByRole('button', { name: 'Members' }));
    await asked('?role=user&status=active');
    await actor.click(within(filters).getByRole('button', { name: 'Admins' }));
    await asked('?role=admin');
    expect(within(filters).getByRole('button', { name: 'Admins' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('when the user list shows it gives each account its join date', async () => {
    const { actor } = render({
      'GET /api/admin/users': page([ADMIN, { ...member, createdAt: '2026-03-14T12:00:00.000Z' }]),
    });
    await actor.click(await screen.findByRole('tab', { name: 'User Management' }));
    const list = await screen.findByRole('list', { name: 'Users' });
    const [mine, theirs] = within(list).getAllByRole('listitem');
    expect(mine).toHaveTextContent('Joined Jan 1, 2026');
    expect(theirs).toHaveTextContent('Joined Mar 14, 2026');
  });

  it('when an admin bans a member their row shows Banned and Unban at once', async () => {
    const { actor } = render({
      [`PATCH /api/admin/users/${member.id}/ban`]: { body: { ...member, status: 'banned' } },
    });
    await actor.click(await screen.findByRole('tab', { name: 'User Management' }));
    const list = await screen.findByRole('list', { name: 'Users' });
    const row = within(list).getAllByRole('listitem')[1];
    if (!row) throw new Error('no row');
    await actor.click(within(row).getByRole('button', { name: 'Ban User' }));
    await actor.click(await screen.findByRole('button', { name: 'Ban user' }));
    expect(await within(row).findByText('Banned')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Unban' })).toBeInTheDocument();
    expect(await screen.findByText('User has been banned from the platform.')).toBeInTheDocument();
  });

  it('when an admin keeps a flagged comment it leaves the list at once and the reason is sent', async () => {
    const flagged = {
      id: 'comment_01ARZ3NDEKTSV4RRFFQ69G5FAC',
      content: 'Blunt but fair',
      createdAt: '2026-01-03T00:00:00.000Z',
      upvotes: 1,
      downvotes: 4,
      author: { ...member, email: member.email },
      story: { id: story.id, category: 'household', content: story.content.slice(0, 30) },
    };
    const { api, actor } = render({
      'GET /api/admin/flagged-comments': page([flagged]),
      [`PATCH /api/admin/comments/${flagged.id}/keep`]: { status: 204 },
    });
    await actor.click(
      await screen.findByRole('tab', { name: 'Flagged Comments (High Downvotes)' }),
    );
    const list = await screen.findByRole('list', { name: 'Flagged comments' });
    expect(within(list).getByRole('link', { name: flagged.story.content })).toHaveAttribute(
      'href',
      `/story/${story.id}`,
    );
    await actor.click(within(list).getByRole('button', { name: 'Keep' }));
    const dialog = await screen.findByRole('dialog', { name: 'Keep this comment?' });
    await actor.type(within(dialog).getByRole('textbox'), 'Blunt, not abusive');
    await actor.click(within(dialog).getByRole('button', { name: 'Keep comment' }));
    expect(screen.queryByText('Blunt but fair')).not.toBeInTheDocument();
    expect(
      await screen.findByText('Comment has been kept; its flag is dismissed.'),
    ).toBeInTheDocument();
    const keep = api.calls.find((c) => c.url.endsWith('/keep'));
    expect(keep?.method).toBe('PATCH');
    expect(JSON.parse(keep?.body ?? '')).toEqual({ reason: 'Blunt, not abusive' });
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('when an admin filters the moderation log it asks the server for that action only', async () => {
    const entry = {
      id: 'log-1',
      at: '2026-01-03T00:00:00.000Z',
      actor: { id: ADMIN.id, displayName: 'ada' },
      source: 'admin',
      action: 'story.reject',
      target: { type: 'story', id: story.id, label: story.content },
      memberId: MEMBER.id,
      reason: 'Names of real people.',
    };
    const { api, actor } = render({ 'GET /api/admin/moderation-log': page([entry]) });
    await actor.click(await screen.findByRole('tab', { name: 'Moderation Log' }));
    const list = await screen.findByRole('list', { name: 'Moderation log' });
    expect(within(list).getByText('Rejected a story')).toBeInTheDocument();
    expect(within(list).getByText('Names of real people.')).toBeInTheDocument();
    await actor.click(screen.getByRole('combobox', { name: 'Action' }));
    await actor.click(await screen.findByRole('option', { name: 'Banned a user' }));
    await waitFor(() =>
      expect(api.calls.map((c) => c.url)).toContain('/api/admin/moderation-log?action=user.ban'),
    );
  });

  it('when an author deleted their own story the log says so, and that its comments went with it', async () => {
    const entry = {
      id: 'log-2',
      at: '2026-01-04T00:00:00.000Z',
      actor: { id: 'u', displayName: 'sam' },
      source: 'author',
      action: 'story.delete',
      target: { type: 'story', id: story.id, label: story.content },
      memberId: 'u',
      reason: null,
    };
    const { actor } = render({ 'GET /api/admin/moderation-log': page([entry]) });
    await actor.click(await screen.findByRole('tab', { name: 'Moderation Log' }));
    const list = await screen.findByRole('list', { name: 'Moderation log' });
    expect(within(list).getByText('sam')).toBeInTheDocument();
    expect(
      within(list).getByText('Deleted their own story; its comments went with it'),
    ).toBeInTheDocument();
    expect(within(list).queryByText('Deleted a story')).not.toBeInTheDocument();
  });

  it('when an admin opens a story history the sheet shows each step with who and why', async () => {
    const { actor } = render({
      [`GET /api/admin/stories/${story.id}/history`]: {
        body: storyHistory(
          { id: story.id, category: 'household', content: story.content, status: 'rejected' },
          { submitted: 'He never does the dishes.', reason: 'Names of real people.' },
          { heVotes: 2, sheVotes: 1, commentCount: 0, viewCount: 5, skipCount: 1 },
        ),
      },
    });
    await screen.findByText(story.content);
    await actor.click(screen.getByRole('button', { name: 'History of this story' }));
    const sheet = await screen.findByRole('dialog', { name: 'Story history' });
    expect(await within(sheet).findByText('Submitted by sam')).toBeInTheDocument();
    expect(within(sheet).getByText('Rejected by ada')).toBeInTheDocument();
    expect(within(sheet).getByText('Names of real people.')).toBeInTheDocument();
    expect(within(sheet).getByText('Views').nextSibling).toHaveTextContent('5');
  });
});
