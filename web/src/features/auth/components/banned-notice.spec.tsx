import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { BannedNotice } from '#web/features/auth/components/banned-notice.tsx';
import { renderWithApp, stubFetch } from '#web/testing/test-utils.tsx';
import { currentUserFixture } from '#web/testing/current-user.ts';

const member = currentUserFixture();

describe('banned notice', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when the member is banned it says when and why, and where to export or delete their data', async () => {
    const banned = {
      ...member,
      status: 'banned',
      ban: { at: '2026-11-20T10:00:00.000Z', reason: 'Insults in the comments' },
    };
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/auth/user': { body: banned } }).fetch);
    renderWithApp(<BannedNotice />, { path: '/privacy' });
    const notice = await screen.findByRole(
      'region',
      { name: 'Account banned' },
      { timeout: 5_000 },
    );
    expect(notice).toHaveTextContent(
      'Your account was banned on November 20, 2026. Reason: Insults in the comments',
    );
    expect(screen.getByRole('link', { name: 'export or delete your data' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('when the member is not banned it shows nothing', async () => {
    const fetch = stubFetch({ 'GET /api/auth/user': { body: member } });
    vi.stubGlobal('fetch', fetch.fetch);
    renderWithApp(<BannedNotice />, { path: '/privacy' });
    await vi.waitFor(() => expect(fetch.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Account banned' })).not.toBeInTheDocument();
  });
});
