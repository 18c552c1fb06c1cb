import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DeleteAccountDialog } from '#web/features/profile/components/delete-account-dialog.tsx';
import { renderWithApp, stubFetch } from '#web/testing/test-utils.tsx';

const wrongPassword = {
  status: 400,
  body: {
    message: 'Wrong password',
    code: 'validation_failed',
    issues: [{ path: 'password', message: 'Wrong password' }],
  },
};

function render(routes: Parameters<typeof stubFetch>[0] = {}) {
  const api = stubFetch(routes);
  vi.stubGlobal('fetch', api.fetch);
  const app = renderWithApp(<DeleteAccountDialog />, { path: '/profile' });
  return { api, app, actor: userEvent.setup() };
}

async function openDialog(actor: ReturnType<typeof userEvent.setup>) {
  await actor.click(await screen.findByRole('button', { name: 'Delete my account' }));
  return screen.findByRole('dialog', { name: 'Delete your account?' });
}

describe('delete account dialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when it opens it asks for the password and says what deleting does', async () => {
    const { actor } = render();
    const dialog = await openDialog(actor);
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(within(dialog).getByText(/cannot be undone/)).toBeInTheDocument();
  });

  it('when Cancel is pressed it closes the dialog and deletes nothing', async () => {
    const { actor, api } = render();
    const dialog = await openDialog(actor);
    await actor.type(within(dialog).getByLabelText('Password'), 'half typed');
    await actor.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls).toEqual([]);
    // Opened again, it starts empty.
    const again = await openDialog(actor);
    expect(within(again).getByLabelText('Password')).toHaveValue('');
  });

  it('when the password is empty it says so and sends nothing', async () => {
    const { actor, api } = render();
    const dialog = await openDialog(actor);
    await actor.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter your password.');
    expect(api.calls).toEqual([]);
  });

  it('when the password is wrong it keeps the dialog open with the reason beside the field', async () => {
    const { actor } = render({ 'POST /api/users/me/delete': wrongPassword });
    const dialog = await openDialog(actor);
    await actor.type(within(dialog).getByLabelText('Password'), 'not it');
    await actor.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Wrong password');
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('when the password is right it deletes, goes home and says the account is gone', async () => {
    const { actor, api } = render({ 'POST /api/users/me/delete': { body: { deleted: true } } });
    const dialog = await openDialog(actor);
    await actor.type(within(dialog).getByLabelText('Password'), 'a good password');
    await actor.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your account has been deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('page')).toHaveTextContent('/'));
    expect(screen.getByTestId('page')).not.toHaveTextContent('/profile');
    expect(api.calls).toContainEqual({
      method: 'POST',
      url: '/api/users/me/delete',
      body: JSON.stringify({ password: 'a good password' }),
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when the account has no password it mails a link and confirms with its code', async () => {
    const { actor, api } = render({
      'POST /api/users/me/delete-request': { status: 202, body: { sent: true } },
      'POST /api/users/me/delete': { body: { deleted: true } },
    });
    const dialog = await openDialog(actor);
    await actor.click(
      within(dialog).getByRole('button', { name: 'No password? E-mail me a link' }),
    );
    expect(await within(dialog).findByRole('status')).toHaveTextContent(/e-mailed you a link/);
    await actor.type(within(dialog).getByLabelText('Code from the e-mail'), 'user_1.secret');
    await actor.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your account has been deleted')).toBeInTheDocument();
    expect(api.calls.map((c) => `${c.method} ${c.url} ${c.body}`)).toEqual([
      'POST /api/users/me/delete-request ',
      `POST /api/users/me/delete ${JSON.stringify({ token: 'user_1.secret' })}`,
    ]);
  });
});
