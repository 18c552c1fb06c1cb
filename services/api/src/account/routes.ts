import type { Request, Response, Router } from 'express';
import {
  FORGOT_PASSWORD_ANSWER,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  updatePreferencesRequestSchema,
  updateProfileRequestSchema,
  verifyEmailRequestSchema,
  type UserStatsView,
  type VerifyEmailResponse,
} from '@whosright/contracts/account/dto';
import {
  updateNotificationSettingsRequestSchema,
  type NotificationSettings,
} from '@whosright/contracts/notification/settings';
import type { UserStatsQueries } from '@whosright/projections/user-stats/queries';
import { actorOf, activeUser, authOf, currentUser } from '#api/platform/auth';
import type { Logger } from '#api/platform/logger';
import type { OidcClient } from '#api/platform/oidc/oidc-client';
import { rateLimitPolicies } from '#api/platform/rate-limit/policies';
import {
  byEmail,
  byEmailAndIp,
  byIp,
  rateLimit,
} from '#api/platform/rate-limit/rate-limit-middleware';
import { emailKey } from '#api/platform/rate-limit/policies';
import { ForbiddenError, RateLimitedError, UnauthorizedError } from '#api/platform/errors';
import { isOwnPageNavigation, isTopLevelNavigation } from '#api/platform/navigation';
import type { RateLimiter } from '#api/platform/rate-limit/rate-limiter';
import type { WriteLimit } from '#api/platform/rate-limit/write-limits';
import type { AccountUseCases } from './account-use-cases';
import { toCurrentUser } from './current-user';
import type { SignedIn } from './sessions';
import {
  OIDC_COOKIE,
  OIDC_COOKIE_TTL_SECONDS,
  type OidcTransactionCookie,
} from './oidc-transaction-cookie';
import {
  sessionCookieName,
  sessionCookieOptions,
  signedInHintOptions,
} from '#api/platform/session-tokens';
import { SIGNED_IN_HINT_COOKIE } from '@whosright/contracts/shared/constants';
import { doNotReplay } from '#api/platform/idempotency/idempotency';

const LOGOUT_NOT_NAVIGATION_MESSAGE =
  'Signing out takes opening /api/logout from this site, with its Logout button: nobody was signed out.';

/** The answer to a failed sign-in stays its 401, even when it used up the account's allowance. */
function ignoreRateLimited(error: unknown): void {
  if (!(error instanceof RateLimitedError)) throw error;
}

export interface AccountRoutesDeps {
  accounts: AccountUseCases;
  stats: UserStatsQueries;
  limiter: RateLimiter;
  /** The per-account limits of the member's own writes (profile, preferences, settings). */
  limit: WriteLimit;
  publicUrl: string;
  oidc: { client: OidcClient; cookie: OidcTransactionCookie } | null;
  logger: Logger;
}

/** The Auth and Profile calls: register, sign in, current user, password reset, logout, external sign-in, stats and profile. */
export function accountRoutes(router: Router, deps: AccountRoutesDeps): void {
  const cookieName = sessionCookieName(deps.publicUrl);
  const secure = deps.publicUrl.startsWith('https:');

  function signIn(res: Response, signedIn: SignedIn) {
    // A session's cookie is never kept for an Idempotency-Key's retries: they sign in again.
    doNotReplay(res);
    const { value, expiresAt } = signedIn.cookie;
    res.cookie(cookieName, value, sessionCookieOptions(deps.publicUrl, expiresAt));
    res.cookie(SIGNED_IN_HINT_COOKIE, '1', signedInHintOptions(deps.publicUrl, expiresAt));
  }

  router.post(
    '/auth/register',
    rateLimit(deps.limiter, rateLimitPolicies.registrationPerIp, byIp),
    async (req, res) => {
      const body = registerRequestSchema.parse(req.body);
      const signedIn = await deps.accounts.signUp(body, actorOf(req));
      signIn(res, signedIn);
      res.status(201).json(signedIn.user);
    },
  );

  router.post(
    '/auth/login',
    rateLimit(deps.limiter, rateLimitPolicies.signInPerIp, byIp),
    rateLimit(deps.limiter, rateLimitPolicies.signInPerEmailAndIp, byEmailAndIp),
    async (req, res) => {
      const body = loginRequestSchema.parse(req.body);
      // Failures per account from any address: a cool-down once used up, not a lock-out.
      const failures = rateLimitPolicies.signInFailuresPerAccount;
      await deps.limiter.check(failures, emailKey(body.email));
      let signedIn: SignedIn;
      try {
        signedIn = await deps.accounts.passwordSignIn.login(
          body.email,
          body.password,
          actorOf(req),
        );
      } catch (error) {
        if (error instanceof UnauthorizedError)
          await deps.limiter.consume(failures, emailKey(body.email)).catch(ignoreRateLimited);
        throw error;
      }
      await deps.limiter.reset(failures, emailKey(body.email));
      signIn(res, signedIn);
      res.json(signedIn.user);
    },
  );

  router.get('/auth/user', (req, res) => {
    res.json(toCurrentUser(currentUser(req)));
  });

  router.get('/users/stats', async (req, res) => {
    const stats: UserStatsView = await deps.stats.of(currentUser(req)._id);
    res.json(stats);
  });

  router.patch(
    '/users/profile',
    deps.limit(rateLimitPolicies.profileUpdatesPerAccount),
    async (req, res) => {
      const user = activeUser(req);
      const profile = updateProfileRequestSchema.parse(req.body);
      await deps.accounts.profiles.update(user._id, profile, actorOf(req));
      res.json(await deps.accounts.currentUser(user._id));
    },
  );

  // A privacy choice rather than content: a banned member may make it too.
  router.patch(
    '/users/preferences',
    deps.limit(rateLimitPolicies.preferencesPerAccount),
    async (req, res) => {
      const user = currentUser(req);
      const { showSideOnComments } = updatePreferencesRequestSchema.parse(req.body);
      await deps.accounts.profiles.setSideOnComments(user._id, showSideOnComments, actorOf(req));
      res.json(await deps.accounts.currentUser(user._id));
    },
  );

  // What the member hears, and whether by mail: a choice about oneself, a banned member's too.
  router.get('/users/notification-settings', async (req, res) => {
    const user = currentUser(req);
    const settings: NotificationSettings = await deps.accounts.notificationSettings(user._id);
    res.json(settings);
  });

  router.patch(
    '/users/notification-settings',
    deps.limit(rateLimitPolicies.notificationSettingsPerAccount),
    async (req, res) => {
      const user = currentUser(req);
      const change = updateNotificationSettingsRequestSchema.parse(req.body);
      await deps.accounts.profiles.setNotificationSettings(user._id, change, actorOf(req));
      res.json(await deps.accounts.notificationSettings(user._id));
    },
  );

  router.post(
    '/auth/forgot-password',
    rateLimit(deps.limiter, rateLimitPolicies.forgotPasswordPerEmail, byEmail),
    async (req, res) => {
      const body = forgotPasswordRequestSchema.parse(req.body);
      await deps.accounts.passwordReset.forgot(body.email, actorOf(req));
      res.json(FORGOT_PASSWORD_ANSWER);
    },
  );

  router.post(
    '/auth/verify-email',
    rateLimit(deps.limiter, rateLimitPolicies.verifyEmailPerIp, byIp),
    async (req, res) => {
      const { token } = verifyEmailRequestSchema.parse(req.body);
      await deps.accounts.verification.verify(token, actorOf(req));
      const answer: VerifyEmailResponse = { verified: true };
      res.json(answer);
    },
  );

  router.post('/auth/resend-verification', async (req, res) => {
    const user = currentUser(req);
    await deps.limiter.consume(rateLimitPolicies.resendVerificationPerAccount, user._id);
    await deps.accounts.verification.send(user._id, actorOf(req));
    res.status(202).json({
      message: user.emailVerified
        ? 'Your e-mail address is already verified.'
        : 'We have sent you a new verification link.',
    });
  });

  router.post(
    '/auth/reset-password',
    rateLimit(deps.limiter, rateLimitPolicies.resetPasswordPerIp, byIp),
    async (req, res) => {
      const body = resetPasswordRequestSchema.parse(req.body);
      await deps.limiter.consume(
        rateLimitPolicies.resetPasswordPerAccount,
        body.token.split('.')[0]!,
      );
      await deps.accounts.passwordReset.reset(body.token, body.password, actorOf(req));
      res.json({ message: 'Password reset. You can now log in with your new password.' });
    },
  );

  /**
   * Signing out is a GET the Logout button navigates to, so only the person opening it from the
   * site ends their session: an image pointing here (a profile picture in the admin's user list,
   * a commenter's avatar), a frame or another site's link or script must sign nobody out.
   */
  router.get('/logout', async (req, res) => {
    if (!isOwnPageNavigation(req)) {
      // Someone following another site's link lands on the home page, still signed in.
      if (isTopLevelNavigation(req)) return res.redirect(303, '/');
      throw new ForbiddenError(LOGOUT_NOT_NAVIGATION_MESSAGE);
    }
    const { sessionId } = authOf(req);
    if (sessionId) await deps.accounts.sessions.end(sessionId, actorOf(req));
    res.clearCookie(cookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    res.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/', sameSite: 'lax', secure });
    res.redirect(303, '/');
  });

  router.get('/login', async (_req, res) => {
    if (!deps.oidc) return res.redirect(303, '/login?error=sso_unavailable');
    const { url, transaction } = await deps.oidc.client.start();
    res.cookie(OIDC_COOKIE, await deps.oidc.cookie.seal(transaction), {
      httpOnly: true,
      // The provider redirects back with a top-level GET: Lax lets the cookie come along.
      sameSite: 'lax',
      secure,
      path: '/api/callback',
      maxAge: OIDC_COOKIE_TTL_SECONDS * 1000,
    });
    res.redirect(303, url.href);
  });

  router.get('/callback', async (req: Request, res) => {
    if (!deps.oidc) return res.redirect(303, '/login?error=sso_unavailable');
    res.clearCookie(OIDC_COOKIE, {
      path: '/api/callback',
      httpOnly: true,
      sameSite: 'lax',
      secure,
    });
    const transaction = await deps.oidc.cookie.open(authOf(req).cookies[OIDC_COOKIE]);
    try {
      const identity = await deps.oidc.client.finish(
        new URL(req.originalUrl, deps.publicUrl),
        transaction,
      );
      signIn(res, await deps.accounts.external.signIn(identity, actorOf(req)));
      res.redirect(303, '/');
    } catch (error) {
      deps.logger.warn({ err: error }, 'external sign-in failed');
      res.redirect(303, '/login?error=sso_failed');
    }
  });
}
