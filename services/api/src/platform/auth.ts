import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import type { SessionDoc } from '@whosright/projections/sessions/docs';
import type { SessionQueries } from '@whosright/projections/sessions/queries';
import type { UserDoc } from '@whosright/projections/users/docs';
import type { UserQueries } from '@whosright/projections/users/queries';
import { BANNED_MESSAGE } from '@whosright/contracts/account/dto';
import { SIGNED_IN_HINT_COOKIE } from '@whosright/contracts/shared/constants';
import {
  SESSION_RENEW_AFTER_MS,
  SESSION_TTL_MS,
  sessionCookieName,
  sessionCookieOptions,
  signedInHintOptions,
  type SessionTokens,
} from './session-tokens';
import { ForbiddenError, UnauthorizedError } from './errors';
import type { Actor } from './actor';
import { lateAnswerOf } from './idempotency/late-answer';
import { writeKeyOf } from './idempotency/write-key';
import { requestIdOf } from './request-logging';
import { contextOf, requestContextOf } from './request-context';

/** What every request knows about who is asking. */
export interface AuthContext {
  user: UserDoc | null;
  sessionId: string | null;
  /** The raw cookies of the request, parsed once. */
  cookies: Record<string, string | undefined>;
}

const AUTH = Symbol('auth');

export function authOf(req: Request): AuthContext {
  const auth = requestContextOf(req)[AUTH] as AuthContext | undefined;
  if (!auth) throw new Error('authentication middleware did not run');
  return auth;
}

/** Resolves the session cookie to a live session and its user: two lookups by id. */
export function authentication(options: {
  sessions: SessionQueries;
  users: UserQueries;
  tokens: SessionTokens;
  publicUrl: string;
  /** Sliding expiry: records the new expiry of a session whose cookie is older than a day. */
  renew(sessionId: string, expiresAt: Date, actor: Actor): Promise<void>;
}): RequestHandler {
  const cookieName = sessionCookieName(options.publicUrl);
  const { sessions, users } = options;

  const signedIn = async (
    req: Request,
    res: Response,
    next: NextFunction,
    auth: AuthContext,
    token: string,
  ): Promise<void> => {
    const claims = await options.tokens.verify(token);
    if (!claims) return next();
    // Asked for together: the read store checks other writers once for both.
    const [session, user] = await Promise.all([
      sessions.byId(claims.sessionId),
      users.byId(claims.userId),
    ]);
    if (!session || session.userId !== claims.userId || Date.parse(session.expiresAt) <= Date.now())
      return next();
    if (!user || isVoid(session, user)) return next();
    auth.user = user;
    auth.sessionId = session._id;
    const now = Date.now();
    if (now - claims.issuedAt.getTime() > SESSION_RENEW_AFTER_MS) {
      const expiresAt = new Date(now + SESSION_TTL_MS);
      await options.renew(session._id, expiresAt, {
        correlationId: requestIdOf(req),
        userId: user._id,
      });
      const renewed = await options.tokens.sign({
        sessionId: session._id,
        userId: user._id,
        issuedAt: new Date(now),
        expiresAt,
      });
      res.cookie(cookieName, renewed, sessionCookieOptions(options.publicUrl, expiresAt));
      res.cookie(SIGNED_IN_HINT_COOKIE, '1', signedInHintOptions(options.publicUrl, expiresAt));
    } else if (!auth.cookies[SIGNED_IN_HINT_COOKIE]) {
      // A session from before the hint existed: give it one, so the page asks who it is.
      const expiresAt = new Date(Date.parse(session.expiresAt));
      res.cookie(SIGNED_IN_HINT_COOKIE, '1', signedInHintOptions(options.publicUrl, expiresAt));
    }
    next();
  };

  // Visitors without a session cookie pass synchronously: no promise for Express to watch.
  return (req, res, next) => {
    const cookies = req.headers.cookie ? parseCookies(req.headers.cookie) : {};
    const auth: AuthContext = { user: null, sessionId: null, cookies };
    contextOf(res)[AUTH] = auth;
    const token = cookies[cookieName];
    if (!token) return next();
    return signedIn(req, res, next, auth, token);
  };
}

/**
 * Bans and password resets void every session checked against the credentials before them: by
 * version, exact even when a sign-in races a reset; by time for sessions from before versions.
 */
function isVoid(session: SessionDoc, user: UserDoc): boolean {
  if (session.credentialsVersion === null)
    return Date.parse(session.startedAt) < Date.parse(user.sessionsValidFrom);
  return session.credentialsVersion < user.credentialsVersion;
}

export function actorOf(req: Request, visitorId?: string): Actor {
  const user = authOf(req).user;
  const lateAnswer = lateAnswerOf(req);
  const writeKey = writeKeyOf(req);
  return {
    correlationId: requestIdOf(req),
    ...(user ? { userId: user._id } : {}),
    ...(visitorId ? { visitorId } : {}),
    ...(lateAnswer ? { lateAnswer } : {}),
    // Its events carry its first attempt's start: a retry derives its ids from that moment.
    ...(writeKey ? { writeKey, recordedAt: new Date(writeKey.startedAt).toISOString() } : {}),
  };
}

/** The signed-in user, or 401. */
export function currentUser(req: Request): UserDoc {
  const user = authOf(req).user;
  if (!user) throw new UnauthorizedError();
  return user;
}

/** A signed-in user who may write: 401 when signed out, 403 when banned. */
export function activeUser(req: Request): UserDoc {
  const user = currentUser(req);
  if (user.status === 'banned') throw new ForbiddenError(BANNED_MESSAGE, 'banned');
  return user;
}

export function adminUser(req: Request): UserDoc {
  const user = currentUser(req);
  if (user.role !== 'admin') throw new ForbiddenError('Admin access required');
  return user;
}
