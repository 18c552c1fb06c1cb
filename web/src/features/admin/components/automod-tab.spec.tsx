import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AutomodDryRunJob, AutomodRule, HeldComment } from '@whosright/contracts/automod/dto';

import { MEMBER, page, renderAdminScreen } from '#web/testing/admin-screen.tsx';

const ruleId = 'rule_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const commentId = 'comment_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const storyId = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';

const insults: AutomodRule = {
  id: ruleId,
  name: 'Insults',
  phrases: ['shut up', 'idio*'],
  target: 'comment',
  action: 'hold',
};

const held: HeldComment = {
  id: commentId,
  storyId,
  content: 'Oh shut up already',
  author: { id: MEMBER.id, displayName: 'sam' },
  rule: { id: ruleId, name: 'Insults' },
  phrase: 'shut up',
  heldAt: '2026-01-03T00:00:00.000Z',
};

const running: AutomodDryRunJob = {
  id: 'dry-1',
  status: 'running',
  progress: { read: 3, total: 10 },
  result: null,
  error: null,
};

const done: AutomodDryRunJob = {
  ...running,
  status: 'done',
  progress: { read: 10, total: 10 },
  result: {
    since: '2025-12-04T00:00:00.000Z',
    stories: { matched: 1, removed: 0 },
    comments: { matched: 4, removed: 2 },
    examples: [
      {
        targetType: 'comment',
        id: commentId,
        storyId,
        text: 'You idiot, read it again',
        phrase: 'idio*',
        at: '2026-01-02T00:00:00.000Z',
        removed: true,
      },
    ],
  },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function openAutomod(routes: Parameters<typeof renderAdminScreen>[0]) {
  const parts = renderAdminScreen({
    'GET /api/admin/automod-rules': { body: { items: [] } },
    'GET /api/admin/comments/held': page([]),
    ...routes,
  });
  await parts.actor.click(await screen.findByRole('tab', { name: 'Automod' }));
  return parts;
}

describe('automod tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists each rule with its phrases, what it reads and does, and the held comments', async () => {
    await openAutomod({
      'GET /api/admin/automod-rules': { body: { items: [insults] } },
      'GET /api/admin/comments/held': page([held]),
    });
    const card = await screen.findByRole('article', { name: 'Rule Insults' });
    expect(within(card).getByText('Comments')).toBeInTheDocument();
    expect(within(card).getByText('Holds the comment for review')).toBeInTheDocument();
    const phrases = within(card).getByRole('list', { name: 'Phrases' });
    expect(
      within(phrases)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['shut up', 'idio*']);
    const comment = await screen.findByRole('article', { name: 'Held comment by sam' });
    expect(within(comment).getByText('Oh shut up already')).toBeInTheDocument();
    expect(within(comment).getByText('rule: Insults')).toBeInTheDocument();
    expect(within(comment).getByText('matched: shut up')).toBeInTheDocument();
    expect(within(comment).getByRole('link', { name: 'Open its story' })).toHaveAttribute(
      'href',
      `/story/${storyId}`,
    );
  });

  it('adds a rule after trying it: progress, then the figures, then a toast and the new list', async () => {
    let saved = false;
    let polls = 0;
    const { api, actor } = await openAutomod({
      'GET /api/admin/automod-rules': () => json({ items: saved ? [insults] : [] }),
      'POST /api/admin/automod-rules/dry-run': { status: 202, body: running },
      'GET /api/admin/automod-rules/dry-run/dry-1': () => json(++polls > 1 ? done : running),
      'POST /api/admin/automod-rules': () => {
        saved = true;
        return json(insults, 201);
      },
    });
    expect(await screen.findByText('No rules yet')).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Add rule' }));
    const form = screen.getByRole('form', { name: 'Add rule' });
    await actor.type(within(form).getByLabelText('Name'), 'Insults');
    await actor.type(within(form).getByLabelText('Phrases'), 'shut up, idio*');
    expect(within(form).getByRole('radio', { name: 'Comments' })).toBeChecked();
    expect(within(form).queryByRole('radio', { name: 'Mark it in the pending queue' })).toBeNull();
    await actor.click(within(form).getByRole('radio', { name: 'Hold it for review' }));
    await actor.click(within(form).getByRole('button', { name: 'Try it' }));
    const bar = await within(form).findByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    expect(within(form).getByText('3 of 10 events read')).toBeInTheDocument();
    expect(
      await within(form).findByText(
        'This rule would have matched 1 story and 4 comments in the last 30 days.',
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    expect(within(form).getByText(/Moderators later removed 2 of them/)).toBeInTheDocument();
    const examples = within(form).getByRole('list', { name: 'Examples' });
    expect(within(examples).getByText('You idiot, read it again')).toBeInTheDocument();
    const dryRun = api.calls.find((c) => c.url.endsWith('/dry-run') && c.method === 'POST');
    const rule = { name: 'Insults', phrases: ['shut up', 'idio*'], target: 'comment' };
    expect(JSON.parse(dryRun?.body ?? '')).toEqual({ rule: { ...rule, action: 'hold' } });

    await actor.click(within(form).getByRole('button', { name: 'Add rule' }));
    expect(await screen.findByText('Rule "Insults" added.')).toBeInTheDocument();
    const post = api.calls.find((c) => c.url.endsWith('/automod-rules') && c.method === 'POST');
    expect(JSON.parse(post?.body ?? '')).toEqual({ ...rule, action: 'hold' });
    expect(await screen.findByRole('article', { name: 'Rule Insults' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add rule' })).toBeNull();
  });

  it('a story rule can only mark, and the server says why it refuses a rule', async () => {
    const { actor } = await openAutomod({
      'POST /api/admin/automod-rules': {
        status: 400,
        body: {
          message: 'Invalid request',
          code: 'validation_failed',
          issues: [
            {
              path: ['phrases', 0],
              message: 'Each word of a phrase needs a letter or digit besides * and ?',
            },
          ],
        },
      },
    });
    await actor.click(await screen.findByRole('button', { name: 'Add rule' }));
    const form = screen.getByRole('form', { name: 'Add rule' });
    await actor.click(within(form).getByRole('radio', { name: 'Stories' }));
    expect(within(form).getByRole('radio', { name: 'Mark it in the pending queue' })).toBeChecked();
    expect(within(form).queryByRole('radio', { name: 'Hold it for review' })).toBeNull();
    await actor.type(within(form).getByLabelText('Name'), 'Stars');
    await actor.type(within(form).getByLabelText('Phrases'), '*');
    await actor.click(within(form).getByRole('button', { name: 'Add rule' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Each word of a phrase needs a letter or digit besides * and ?',
    );
    expect(within(form).getByLabelText('Name')).toHaveValue('Stars');
  });

  it('edits a rule with PATCH and deletes one after asking', async () => {
    const { api, actor } = await openAutomod({
      'GET /api/admin/automod-rules': { body: { items: [insults] } },
      [`PATCH /api/admin/automod-rules/${ruleId}`]: { body: { ...insults, action: 'flag' } },
      [`DELETE /api/admin/automod-rules/${ruleId}`]: { status: 204 },
    });
    const card = await screen.findByRole('article', { name: 'Rule Insults' });
    await actor.click(within(card).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit rule Insults' });
    expect(within(form).getByLabelText('Phrases')).toHaveValue('shut up\nidio*');
    await actor.click(within(form).getByRole('radio', { name: 'Post it and flag it' }));
    await actor.click(within(form).getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByText('Rule "Insults" saved.')).toBeInTheDocument();
    const patch = api.calls.find((c) => c.method === 'PATCH');
    expect(JSON.parse(patch?.body ?? '')).toEqual({ ...insults, id: undefined, action: 'flag' });

    const again = await screen.findByRole('article', { name: 'Rule Insults' });
    await actor.click(within(again).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the rule “Insults”?' });
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await actor.click(within(dialog).getByRole('button', { name: 'Delete rule' }));
    expect(await screen.findByText('Rule "Insults" deleted.')).toBeInTheDocument();
  });

  it('approves a held comment: it leaves the list with a toast', async () => {
    const { api, actor } = await openAutomod({
      'GET /api/admin/comments/held': page([held]),
      [`POST /api/admin/comments/held/${commentId}/approve`]: { status: 204 },
    });
    const comment = await screen.findByRole('article', { name: 'Held comment by sam' });
    await actor.click(within(comment).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('Comment approved; everyone can read it now.'),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.endsWith(`/held/${commentId}/approve`))).toBe(true);
  });

  it('deletes a held comment with its reason; a refusal puts it back and says why', async () => {
    const { api, actor } = await openAutomod({
      'GET /api/admin/comments/held': page([held]),
      [`DELETE /api/admin/comments/held/${commentId}`]: {
        status: 404,
        body: { message: 'That comment is not held', code: 'not_found' },
      },
    });
    const comment = await screen.findByRole('article', { name: 'Held comment by sam' });
    await actor.click(within(comment).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permanently delete this comment?' });
    await actor.type(within(dialog).getByLabelText('Reason (optional)'), 'Abusive');
    await actor.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(await screen.findByText('That comment is not held')).toBeInTheDocument();
    expect(JSON.parse(api.calls.find((c) => c.method === 'DELETE')?.body ?? '')).toEqual({
      reason: 'Abusive',
    });
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Held comment by sam' })).toBeInTheDocument(),
    );
  });
});
