import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { SubmitStoryDialogSlot } from '#web/app/layout/submit-story-dialog-slot.tsx';
import { SiteHeader } from '#web/app/layout/site-header.tsx';
import { stubIdle } from '#web/testing/idle.ts';
import { renderWithApp, stubFetch, unauthorizedResponse } from '#web/testing/test-utils.tsx';
import { currentUserFixture } from '#web/testing/current-user.ts';

// Records when the dialog's lazily loaded module is first imported.
const loaded = vi.hoisted(() => ({ dialog: false }));
vi.mock('#web/features/stories/components/submit-story-dialog.tsx', () => {
  loaded.dialog = true;
  return { SubmitStoryDialog: () => null };
});

const member = currentUserFixture();

/** The slot beside the header, which shows when the current user has loaded. */
function Layout() {
  return (
    <>
      <SiteHeader onAddNew={() => undefined} />
      <SubmitStoryDialogSlot />
    </>
  );
}

describe('submit story dialog slot', () => {
  it('when a member is on a page and it is idle it loads the dialog, so Add new opens at once', async () => {
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/auth/user': { body: member } }).fetch);
    const { runIdle } = stubIdle();
    renderWithApp(<Layout />);
    await screen.findByRole('link', { name: /, profile of / });
    expect(loaded.dialog).toBe(false);
    runIdle();
    await waitFor(() => expect(loaded.dialog).toBe(true));
  });

  it('when a visitor is on a page it never loads the dialog they cannot open', async () => {
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/auth/user': unauthorizedResponse }).fetch);
    const { requested } = stubIdle();
    renderWithApp(<Layout />);
    await screen.findByRole('link', { name: 'Log In' });
    expect(requested()).toBe(0);
  });
});
