/** /login: the four modes against the real server (fields, checks, toasts, where each leads). */
import { PASSWORD, newAccount, uniqueEmail } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { resetLinkFor, verificationLinkFor } from './support/outbox.ts';
import { expectToast } from './support/toast.ts';

test.describe('login', () => {
  test('when a visitor registers it welcomes them and goes home signed in', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
    await expect(page.getByText('Create a new account to get started')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');

    await page.getByLabel('Email').fill(uniqueEmail('newcomer'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Missing fields', 'First name is required for registration');

    await page.getByLabel('First name').fill('Robin');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(
      page,
      'Registration successful',
      "Welcome to Who's Right! Check your inbox for a link to verify your email.",
    );
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: /, profile of Robin/ })).toBeVisible();
  });

  test('when the e-mail is taken registration fails with the server message', async ({
    page,
    clientIp,
  }) => {
    const existing = await newAccount(clientIp);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByLabel('Email').fill(existing.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('First name').fill('Robin');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(
      page,
      'Registration failed',
      'An account with this email already exists. Try signing in instead.',
    );
    await expect(page).toHaveURL(/\/login$/);
    await existing.api.dispose();
  });

  test('when a member signs in with a wrong then the right password it fails then goes home', async ({
    page,
    clientIp,
  }) => {
    const member = await newAccount(clientIp, { firstName: 'Kim', lastName: 'Lee' });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Missing fields', 'Please fill in all required fields');

    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Login failed', 'Invalid email or password');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Login successful', 'Welcome back!');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'KL, profile of Kim Lee' })).toBeVisible();
    await member.api.dispose();
  });

  test('when a member forgets the password the mailed link resets it', async ({
    page,
    clientIp,
  }) => {
    const member = await newAccount(clientIp);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    await expect(
      page.getByText("We'll send password reset instructions to your email"),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expectToast(page, 'Email required', 'Please enter your email address');

    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expectToast(
      page,
      'Reset email sent',
      'Check your email for password reset instructions.',
    );
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();

    const link = await resetLinkFor(member.email);
    expect(link).toContain('/login?mode=reset&token=');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Set new password' })).toBeVisible();
    const token = new URL(link).searchParams.get('token') ?? '';
    await expect(page.getByLabel('Reset token')).toHaveValue(token);

    const newPassword = 'a brand new passphrase';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill('something else');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, 'Password mismatch', 'Passwords do not match');

    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(
      page,
      'Password reset successful',
      'You can now log in with your new password.',
    );
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // The used link is spent: the reset fields were cleared, and the token no longer works.
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('yet another passphrase');
    await page.getByLabel('Confirm password', { exact: true }).fill('yet another passphrase');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, 'Reset failed', 'Invalid or expired reset token');
    await member.api.dispose();
  });

  test('when external sign-in is not configured the button is hidden and the callback explains', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Continue with/ })).toHaveCount(0);

    await page.goto('/login?error=sso_unavailable');
    await expectToast(page, 'External sign-in unavailable');
    await expect(page).toHaveURL(/\/login$/);

    await page.goto('/login?error=sso_failed');
    await expectToast(page, 'Sign-in failed');
  });

  test('when external sign-in is offered its button goes to /api/login', async ({ page }) => {
    // The e2e server has no provider; pretend the config says there is one and follow the button.
    // The page carries its config inside the HTML: the login page's HTML is the one to change.
    await page.route(
      (url) => url.pathname === '/login',
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          /"externalSignIn":\{[^}]*\}/,
          '"externalSignIn":{"enabled":true,"label":"Acme ID"}',
        );
        await route.fulfill({ response, body: html });
      },
    );
    await page.goto('/login');
    const button = page.getByRole('link', { name: 'Continue with Acme ID' });
    await expect(button).toHaveAttribute('href', '/api/login');
    await button.click();
    // The real server answers /api/login without a provider by sending the browser back.
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, 'External sign-in unavailable');
  });
});

test.describe('e-mail verification', () => {
  test('when a new member opens the mailed link it confirms the address', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign up' }).click();
    const email = uniqueEmail('verifier');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('First name').fill('Vera');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(
      page,
      'Registration successful',
      "Welcome to Who's Right! Check your inbox for a link to verify your email.",
    );

    const link = await verificationLinkFor(email);
    expect(link).toContain('/login?mode=verify&token=');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Email verified' })).toBeFocused();
    await page.getByRole('link', { name: 'Go to the stories' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  });

  test('when the link is broken it says so and offers the stories', async ({ page }) => {
    await page.goto('/login?mode=verify&token=user_01JAAAAAAAAAAAAAAAAAAAAAAA.nope');
    await expect(page.getByRole('heading', { name: 'Verification failed' })).toBeFocused();
    await expect(page.getByText('This verification link is invalid or has expired.')).toBeVisible();
  });
});
