import type { CurrentUser } from '@whosright/contracts/account/dto';
import { SESSIONS } from '@whosright/projections/sessions/docs';
import { USERS } from '@whosright/projections/users/docs';
import type { UserQueries } from '@whosright/projections/users/queries';
import type { Actor } from '#api/platform/actor';
import { SESSION_TTL_MS, newSessionId, type SessionTokens } from '#api/platform/session-tokens';
import type { CommandBus } from '#api/write/command-bus';
import { currentUserOf } from './current-user';
import { session } from './session-decider';

/** What a sign-in answers: the user, and the session cookie to set. */
export interface SignedIn {
  user: CurrentUser;
  cookie: { value: string; expiresAt: Date };
}

export type SignInMethod = 'password' | 'registration' | 'external';

export interface SessionsDeps {
  bus: CommandBus;
  users: Pick<UserQueries, 'byId'>;
  tokens: SessionTokens;
  now: () => Date;
}

/** Sessions (`session-{id}` streams): started by a sign-in, renewed while used, ended by logout. */
export class Sessions {
  constructor(private readonly deps: SessionsDeps) {}

  /**
   * Starts a session and signs its cookie. `credentialsVersion`: the user's version when the
   * sign-in was checked, so a password reset or a ban landing meanwhile voids the session.
   */
  async start(
    userId: string,
    method: SignInMethod,
    actor: Actor,
    credentialsVersion: number,
  ): Promise<SignedIn> {
    const sessionId = newSessionId();
    const issuedAt = this.deps.now();
    const expiresAt = new Date(issuedAt.getTime() + SESSION_TTL_MS);
    await this.deps.bus.run(
      `session-${sessionId}`,
      session,
      {
        type: 'StartSession',
        sessionId,
        userId,
        method,
        expiresAt: expiresAt.toISOString(),
        credentialsVersion,
      },
      { ...actor, userId },
      [USERS, SESSIONS],
    );
    return {
      user: await currentUserOf(this.deps.users, userId),
      cookie: {
        value: await this.deps.tokens.sign({ sessionId, userId, issuedAt, expiresAt }),
        expiresAt,
      },
    };
  }

  async renew(sessionId: string, expiresAt: Date, actor: Actor): Promise<void> {
    await this.deps.bus.run(
      `session-${sessionId}`,
      session,
      { type: 'RenewSession', expiresAt: expiresAt.toISOString() },
      actor,
      [SESSIONS],
    );
  }

  async end(sessionId: string, actor: Actor): Promise<void> {
    await this.deps.bus.run(
      `session-${sessionId}`,
      session,
      { type: 'EndSession', reason: 'logout' },
      actor,
      [SESSIONS],
    );
  }
}
