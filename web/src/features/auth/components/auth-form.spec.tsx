import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AuthForm, type AuthFormProps } from '#web/features/auth/components/auth-form.tsx';
import { renderWithApp, stubFetch } from '#web/testing/test-utils.tsx';

const user = {
  id: 'user_1',
  username: null,
  firstName: 'Robin',
  lastName: null,
  email: 'robin@example.com',
  profileImageUrl: null,
  role: 'user',
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
  emailVerified: false,
  showSideOnComments: true,
};

function renderForm(props: Partial<AuthFormProps> = {}) {
  const onSignedIn = vi.fn();
  const onResetDone = vi.fn();
  const result = renderWithApp(
    <AuthForm
      productName="Who's Right"
      externalSignInLabel={null}
      onSignedIn={onSignedIn}
      onResetDone={onResetDone}
      {...props}
    />,
    { path: '/login' },
  );
  return { ...result, onSignedIn, onResetDone, user: userEvent.setup() };
}

const heading = (name: string) => screen.findByRole('heading', { name });
const toastTitle = (text: string) =>
  waitFor(() =>
    expect(document.querySelector('[data-slot="toast-title"]')).toHaveTextContent(text),
  );
const toastDescription = (text: string) =>
  expect(document.querySelector('[data-slot="toast-description"]')).toHaveTextContent(text);
const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });

describe('auth form', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when it opens it is the login mode with an email input and the links to the other modes', async () => {
    const { user: u } = renderForm();
    expect(await heading('Welcome back')).toBeInTheDocument();
    expect(screen.getByText('Sign in to your account')).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Continue with/ })).not.toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await heading('Create account')).toBeInTheDocument();
    expect(screen.getByText('Create a new account to get started')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toBeInTheDocument();
    expect(screen.getByLabelText(/Last name/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
    await u.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(await heading('Reset password')).toBeInTheDocument();
    expect(screen.getByText('Enter your email to receive reset instructions')).toBeInTheDocument();
    expect(
      screen.getByText("We'll send password reset instructions to your email"),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Reset Email' })).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await heading('Welcome back')).toBeInTheDocument();
  });

  it('when reset mode opens from the mailed link the token is filled in', async () => {
    renderForm({ initialMode: 'reset', initialToken: 'user_1.abc' });
    expect(await heading('Set new password')).toBeInTheDocument();
    expect(screen.getByText('Enter your new password')).toBeInTheDocument();
    expect(screen.getByLabelText('Reset token')).toHaveValue('user_1.abc');
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to sign in' })).toBeInTheDocument();
  });

  it('when external sign-in is configured it offers Continue with its label', async () => {
    renderForm({ externalSignInLabel: 'Acme ID' });
    expect(await screen.findByRole('link', { name: 'Continue with Acme ID' })).toHaveAttribute(
      'href',
      '/api/login',
    );
  });

  it('when required fields are missing each mode toasts its validation message and calls nothing', async () => {
    const fetch = stubFetch({});
    vi.stubGlobal('fetch', fetch.fetch);
    const { user: u } = renderForm();
    await heading('Welcome back');

    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    await toastTitle('Missing fields');
    toastDescription('Please fill in all required fields');

    await u.click(screen.getByRole('button', { name: 'Sign up' }));
    await u.type(field('Email'), 'robin@example.com');
    await u.type(screen.getByLabelText('Password'), 'secret-password');
    await u.click(screen.getByRole('button', { name: 'Create Account' }));
    await toastTitle('Missing fields');
    toastDescription('First name is required for registration');

    await u.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
    await u.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await u.clear(field('Email'));
    await u.click(screen.getByRole('button', { name: 'Send Reset Email' }));
    await toastTitle('Email required');
    toastDescription('Please enter your email address');

    expect(fetch.calls).toHaveLength(0);
  });

  it('when the reset passwords differ it toasts Password mismatch, and Missing fields without a token', async () => {
    const fetch = stubFetch({});
    vi.stubGlobal('fetch', fetch.fetch);
    const { user: u } = renderForm({ initialMode: 'reset' });
    await heading('Set new password');
    await u.type(screen.getByLabelText('New password'), 'one password');
    await u.type(screen.getByLabelText('Confirm password'), 'another password');
    await u.click(screen.getByRole('button', { name: 'Reset Password' }));
    await toastTitle('Missing fields');
    toastDescription('Please fill in all required fields');

    await u.type(screen.getByLabelText('Reset token'), 'user_1.abc');
    await u.click(screen.getByRole('button', { name: 'Reset Password' }));
    await toastTitle('Password mismatch');
    toastDescription('Passwords do not match');
    expect(fetch.calls).toHaveLength(0);
  });

  it('when registration succeeds it welcomes by product name, says to check the inbox and signs in', async () => {
    const fetch = stubFetch({ 'POST /api/auth/register': { status: 201, body: user } });
    vi.stubGlobal('fetch', fetch.fetch);
    const { user: u, onSignedIn } = renderForm({ initialMode: 'register' });
    await heading('Create account');
    await u.type(field('Email'), ' robin@example.com ');
    await u.type(screen.getByLabelText('Password'), 'secret-password');
    await u.type(screen.getByLabelText('First name'), 'Robin');
    await u.click(screen.getByRole('button', { name: 'Create Account' }));
    await toastTitle('Registration successful');
    toastDescription("Welcome to Who's Right! Check your inbox for a link to verify your email.");
    expect(onSignedIn).toHaveBeenCalledTimes(1);
    expect(JSON.parse(fetch.calls[0]?.body ?? '')).toEqual({
      email: 'robin@example.com',
      password: 'secret-password',
      firstName: 'Robin',
      lastName: null,
    });
  });

  it('when a name is typed at sign-up a hint under the names says which name others will see', async () => {
    vi.stubGlobal('fetch', stubFetch({}).fetch);
    const { user: u } = renderForm({ initialMode: 'register' });
    await heading('Create account');
    const firstName = screen.getByLabelText('First name');
    expect(firstName).toHaveAccessibleDescription(
      'Others will see your first name and last initial, like Sam_L. You can choose a username on your profile.',
    );
    await u.type(firstName, 'Robin');
    await u.type(screen.getByLabelText(/Last name/), 'Hale');
    expect(firstName).toHaveAccessibleDescription(
      'Others will see you as Robin_H. You can choose a username on your profile.',
    );
  });

  it.each([
    { who: 'an active member', status: 'active', welcome: 'Welcome back!' },
    {
      who: 'a banned member',
      status: 'banned',
      welcome: 'Your account is banned: you can read, but not post, vote or comment.',
    },
  ])(
    'when $who signs in it toasts Login successful and says $welcome',
    async ({ status, welcome }) => {
      vi.stubGlobal(
        'fetch',
        stubFetch({ 'POST /api/auth/login': { body: { ...user, status } } }).fetch,
      );
      const { user: u, onSignedIn } = renderForm();
      await heading('Welcome back');
      await u.type(field('Email'), 'robin@example.com');
      await u.type(screen.getByLabelText('Password'), 'secret-password');
      await u.click(screen.getByRole('button', { name: 'Sign In' }));
      await toastTitle('Login successful');
      toastDescription(welcome);
      expect(onSignedIn).toHaveBeenCalledTimes(1);
    },
  );

  it('when sign-in fails it shows the server message, or the fallback without one', async () => {
    let answer: Response = new Response(
      JSON.stringify({ message: 'Invalid email or password', code: 'unauthorized' }),
      { status: 401, headers: { 'content-type': 'application/json' } },
    );
    vi.stubGlobal('fetch', stubFetch({ 'POST /api/auth/login': () => answer }).fetch);
    const { user: u, onSignedIn } = renderForm();
    await heading('Welcome back');
    await u.type(field('Email'), 'robin@example.com');
    await u.type(screen.getByLabelText('Password'), 'wrong');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    await toastTitle('Login failed');
    toastDescription('Invalid email or password');

    answer = new Response('Bad gateway', { status: 502 });
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => toastDescription('Invalid email or password'));
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.queryByText('Unauthorized')).not.toBeInTheDocument();
  });

  it('when the reset email is sent it returns to login', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'POST /api/auth/forgot-password': { body: { message: 'sent' } } }).fetch,
    );
    const { user: u } = renderForm({ initialMode: 'forgot' });
    await heading('Reset password');
    await u.type(field('Email'), 'robin@example.com');
    await u.click(screen.getByRole('button', { name: 'Send Reset Email' }));
    await toastTitle('Reset email sent');
    toastDescription('Check your email for password reset instructions.');
    expect(await heading('Welcome back')).toBeInTheDocument();
  });

  it('when the reset succeeds it returns to login and clears the token and passwords', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'POST /api/auth/reset-password': { body: { message: 'ok' } } }).fetch,
    );
    const { user: u, onResetDone } = renderForm({
      initialMode: 'reset',
      initialToken: 'user_1.abc',
    });
    await heading('Set new password');
    await u.type(screen.getByLabelText('New password'), 'new passphrase');
    await u.type(screen.getByLabelText('Confirm password'), 'new passphrase');
    await u.click(screen.getByRole('button', { name: 'Reset Password' }));
    await toastTitle('Password reset successful');
    toastDescription('You can now log in with your new password.');
    expect(await heading('Welcome back')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(onResetDone).toHaveBeenCalledTimes(1);
  });

  it('when the reset token is rejected it toasts the server message', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'POST /api/auth/reset-password': {
          status: 400,
          body: { message: 'Invalid or expired reset token', code: 'invalid_reset_token' },
        },
      }).fetch,
    );
    const { user: u } = renderForm({ initialMode: 'reset', initialToken: 'user_1.old' });
    await heading('Set new password');
    await u.type(screen.getByLabelText('New password'), 'new passphrase');
    await u.type(screen.getByLabelText('Confirm password'), 'new passphrase');
    await u.click(screen.getByRole('button', { name: 'Reset Password' }));
    await toastTitle('Reset failed');
    toastDescription('Invalid or expired reset token');
    expect(screen.getByRole('heading', { name: 'Set new password' })).toBeInTheDocument();
  });
});
