import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { SiteHeader } from '#web/app/layout/site-header.tsx';
import { useAddNew } from '#web/app/use-add-new.ts';
import { useSubmitStoryDialog } from '#web/lib/submit-story-dialog.ts';
import { renderWithApp, stubFetch, unauthorizedResponse } from '#web/testing/test-utils.tsx';
import { currentUserFixture } from '#web/testing/current-user.ts';

function Header() {
  const onAddNew = useAddNew();
  return <SiteHeader onAddNew={() => void onAddNew()} />;
}

/** Stands in for the submit-story feature: registers a dialog and shows whether it is open. */
function RegisteredDialog() {
  const { open } = useSubmitStoryDialog();
  return open ? <div role="dialog" aria-label="Share Your Story" /> : null;
}

const admin = currentUserFixture({ role: 'admin' });

describe('site header', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when the visitor is signed out it shows the title and a Log In button', async () => {
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/auth/user': unauthorizedResponse }).fetch);
    renderWithApp(<Header />);
    expect(await screen.findByRole('link', { name: "Who's Right" })).toHaveAttribute('href', '/');
    expect(await screen.findByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByText('Unauthorized')).not.toBeInTheDocument();
  });

  it('when the user is loading it reserves the account slot with a skeleton', async () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    renderWithApp(<Header />);
    expect(await screen.findByTestId('account-skeleton')).toBeInTheDocument();
  });

  it('when a signed-out visitor presses Add new it toasts Login Required and goes to /login after 500 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/auth/user': unauthorizedResponse }).fetch);
    const { router } = renderWithApp(<Header />);
    await screen.findByRole('link', { name: 'Log In' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Add new' }));
    expect(await screen.findByText('Login Required')).toBeInTheDocument();
    expect(screen.getByText('Please log in to submit your story.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('when an admin is signed in it shows the avatar, dashboard and admin links', async () => {
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/auth/user': { body: admin } }).fetch);
    renderWithApp(<Header />);
    expect(await screen.findByRole('link', { name: 'S, profile of sam' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.getByText('S')).toBeInTheDocument();
    // The two icons load lazily, for admins only.
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.getByRole('link', { name: 'Admin panel' })).toHaveAttribute('href', '/admin');
    expect(screen.queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();
  });

  it('when a member is signed in the avatar shows the initials of their shown name, and its name starts with them', async () => {
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/auth/user': { body: admin } }).fetch);
    renderWithApp(<Header />);
    // The shown name is the username 'sam': one letter, not the full name's SL.
    const link = await screen.findByRole('link', { name: 'S, profile of sam' });
    expect(link).toHaveTextContent(/^S$/);
  });

  it('when the member is on their profile the active profile link is named by what it shows first', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'GET /api/auth/user': {
          body: { ...admin, username: null, firstName: 'Ann', lastName: 'Vega' },
        },
      }).fetch,
    );
    renderWithApp(<Header />, { path: '/profile' });
    const link = await screen.findByRole('link', { name: 'AV, profile of Ann Vega' });
    expect(link).toHaveClass('active');
    expect(link).toHaveTextContent(/^AV$/);
  });

  it('when a signed-in user presses Add new it opens the registered submit dialog', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'GET /api/auth/user': { body: { ...admin, role: 'user' } } }).fetch,
    );
    renderWithApp(
      <>
        <Header />
        <RegisteredDialog />
      </>,
    );
    await screen.findByRole('link', { name: 'S, profile of sam' });
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add new' }));
    expect(await screen.findByRole('dialog', { name: 'Share Your Story' })).toBeInTheDocument();
    expect(screen.queryByText('Login Required')).not.toBeInTheDocument();
  });
});
