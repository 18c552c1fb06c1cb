import { FORGOTTEN_USERS_STREAM } from '@whosright/contracts/account/events';
import {
  DELETION_TOKEN_TTL_MS,
  INVALID_DELETION_TOKEN_MESSAGE,
  NO_PASSWORD_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  type DeleteAccountRequest,
} from '@whosright/contracts/account/member-data-dto';
import type { ForgettingLog } from '@whosright/eventstore/port';
import { MEMBER_STREAMS } from '@whosright/projections/member-streams/docs';
import type { CommentQueries } from '@whosright/projections/comments/queries';
import type { MemberStreamQueries } from '@whosright/projections/member-streams/queries';
import { SESSIONS } from '@whosright/projections/sessions/docs';
import type { SessionQueries } from '@whosright/projections/sessions/queries';
import { USERS } from '@whosright/projections/users/docs';
import type { UserQueries } from '@whosright/projections/users/queries';
import type { Actor } from '#api/platform/actor';
import { NotFoundError, ValidationError } from '#api/platform/errors';
import type { CommandBus } from '#api/write/command-bus';
import { commandOn } from '#api/write/commands';
import {
  user,
  type UserState,
  type UserCommand,
  UserCommandRejected,
  deletionTokenValid,
  wouldLeaveNoAdmin,
} from './decider';
import { forgottenUsers } from './forgotten-decider';
import { memberWritings, type MemberWritings } from './member-writings';
import { verifyPassword } from './passwords';
import { reservation } from './reservation-decider';
import { emailStream, identityStream, usernameStream } from './reservations';
import { session } from './session-decider';
import { newMailedToken, readMailedToken } from './mailed-token';
import { accountRejections, lastAdminLeaving } from './rejections';
import { userState } from './user-state';

const SESSION_PAGE = 200;

export interface DeleteAccountDeps {
  bus: CommandBus;
  /**
   * The log as people may see it: the sweep only needs the ids of what the member wrote and its
   * authors' ids, which forgetting leaves as they are.
   */
  log: Pick<ForgettingLog, 'readStream'>;
  /** Which streams name the member: where the sweep looks for what they wrote. */
  streams: Pick<MemberStreamQueries, 'streamsOf'>;
  /** The comments waiting for an admin's review: a deleted member's must not wait there. */
  held: Pick<CommentQueries, 'heldPage'>;
  sessions: SessionQueries;
  users: Pick<UserQueries, 'countAdmins'>;
  /**
   * Deletes one of the member's stories as its author would (its comments go with it); the
   * active-user guard lets a leaving member's removals through, banned or not.
   */
  deleteStory(storyId: string, userId: string, actor: Actor): Promise<void>;
  /** Deletes one of the member's comments as its author would, through the same guard. */
  deleteComment(commentId: string, userId: string, actor: Actor): Promise<void>;
  publicUrl: string;
  sendMail(mail: { to: string; subject: string; text: string }): Promise<void>;
  now?: () => Date;
}

/** Releases of the member's e-mail, username and external identities (no-ops once done). */
function releases(userId: string, state: UserState) {
  const identities = state.externalIdentities.map((key) => {
    const space = key.indexOf(' ');
    return identityStream(key.slice(0, space), key.slice(space + 1));
  });
  const streams = [
    ...(state.email ? [emailStream(state.email)] : []),
    ...(state.username ? [usernameStream(state.username)] : []),
    ...identities,
  ];
  return streams.map((stream) =>
    commandOn(stream, reservation, { type: 'ReleaseReservation', userId }),
  );
}

/** Runs the user decider on the account as it stands, for its refusal only. */
function decideOrRefuse(command: UserCommand, state: UserState): void {
  try {
    user.decide(command, state);
  } catch (error) {
    if (error instanceof UserCommandRejected) throw accountRejections[error.reason]();
    throw error;
  }
}

/** Tolerates a step a crash, or the member, had already done. */
async function unlessGone(step: Promise<void>): Promise<void> {
  try {
    await step;
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
  }
}

/**
 * Deleting an account, confirmed by the password or, for an account without one, by a mailed
 * link. A banned member may delete theirs too (a ban stops them writing, not leaving); the last
 * admin may not, until they have promoted someone. Each step is idempotent, so a deletion a crash
 * interrupted is finished by asking again: the member's writes are closed
 * (AccountDeletionStarted), their stories (with every comment on them) and comments are deleted
 * (found on the streams the member-streams read model lists for them, never by reading the whole
 * log), every session ends, then the member is added to the `forgottenUsers` registry,
 * AccountDeleted is appended and the reservations of the e-mail, username and external
 * identities are released, in one append where the store can. Reads of the log for read models then show
 * nothing personal of theirs (`@whosright/eventstore/forgetting`).
 */
export class AccountDeletion {
  private readonly now: () => Date;

  constructor(private readonly deps: DeleteAccountDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private async load(userId: string): Promise<UserState> {
    return userState(this.deps.bus, userId);
  }

  /** Mails the link that confirms a deletion: the way for an account without a password. */
  async requestLink(userId: string, actor: Actor): Promise<void> {
    const state = await this.load(userId);
    if (!state.exists || !state.email) throw new NotFoundError('Account not found');
    // No link the deletion would refuse anyway.
    if (wouldLeaveNoAdmin(state, await this.deps.users.countAdmins())) throw lastAdminLeaving();
    const { token, tokenHash } = newMailedToken(userId);
    const expiresAt = new Date(this.now().getTime() + DELETION_TOKEN_TTL_MS).toISOString();
    await this.deps.bus.run(
      `user-${userId}`,
      user,
      { type: 'RequestAccountDeletion', tokenHash, expiresAt },
      actor,
    );
    const link = `${this.deps.publicUrl}/profile?deleteToken=${encodeURIComponent(token)}`;
    await this.deps.sendMail({
      to: state.email,
      subject: "Confirm deleting your Who's Right account",
      text: [
        "Someone signed in to your Who's Right account asked to delete it.",
        '',
        `To delete it for good, open this link within an hour while signed in:\n${link}`,
        '',
        `Or paste this confirmation code in the dialog: ${token}`,
        '',
        'If it was not you, ignore this mail: nothing is deleted.',
      ].join('\n'),
    });
  }

  /** Checks the confirmation, then deletes everything of the member. */
  async delete(userId: string, confirmation: DeleteAccountRequest, actor: Actor): Promise<void> {
    const state = await this.load(userId);
    if (state.deleted) return;
    if (!state.exists) throw new NotFoundError('Account not found');
    const final = await this.confirmed(userId, state, confirmation);
    // Decided now on the same rules as the final append, so a refusal removes nothing first.
    decideOrRefuse(final, state);
    // From here the member's writes are refused (the active-user guard), so the sweep below
    // finds every story and comment they will ever have, those posted from another session too.
    // The member-streams read model has then seen every event of theirs: the sweep reads it.
    const started = await this.deps.bus.run(
      `user-${userId}`,
      user,
      { type: 'StartAccountDeletion' },
      actor,
      [MEMBER_STREAMS],
    );
    // A resumed deletion began earlier: the read model catches up with the log instead.
    if (started.events.length === 0) await this.deps.bus.settleAll([MEMBER_STREAMS]);
    const { storyIds, commentIds } = await this.removeWritings(userId, actor);
    await this.endSessions(userId, actor);
    // The registry first: should a store without atomic appends stop half-way, the member can
    // still sign in and ask again, or the reservations are released at the next start.
    await this.deps.bus.runAll(
      [
        commandOn(FORGOTTEN_USERS_STREAM, forgottenUsers, {
          type: 'ForgetUser',
          userId,
          storyIds,
          commentIds,
        }),
        commandOn(`user-${userId}`, user, final),
        ...releases(userId, state),
      ],
      actor,
      [USERS, SESSIONS],
    );
  }

  /**
   * At start: releases what deleted members still hold (a deletion a crash stopped between its
   * appends, on a store without atomic appends). Each release is a no-op once done.
   */
  async resume(actor: Actor): Promise<void> {
    const forgotten = await this.deps.bus.state(FORGOTTEN_USERS_STREAM, forgottenUsers);
    for (const userId of forgotten.users) {
      const state = await this.load(userId);
      if (state.deleted) await this.deps.bus.runAll(releases(userId, state), actor);
    }
    await this.withdrawHeldOf(forgotten.users, actor);
  }

  /**
   * Held comments of members already forgotten (deletions made before the sweep looked for held
   * comments): withdrawn as their author would, so none waits for review with no end.
   */
  private async withdrawHeldOf(users: ReadonlySet<string>, actor: Actor): Promise<void> {
    if (users.size === 0) return;
    const waiting: Array<{ id: string; authorId: string }> = [];
    let cursor: string | undefined;
    do {
      const page = await this.deps.held.heldPage({ cursor, limit: SESSION_PAGE });
      for (const doc of page.items)
        if (users.has(doc.authorId)) waiting.push({ id: doc._id, authorId: doc.authorId });
      cursor = page.next;
    } while (cursor);
    for (const { id, authorId } of waiting)
      await unlessGone(this.deps.deleteComment(id, authorId, actor));
  }

  private async confirmed(
    userId: string,
    state: UserState,
    confirmation: DeleteAccountRequest,
  ): Promise<UserCommand> {
    const admins = await this.deps.users.countAdmins();
    if ('password' in confirmation) {
      if (!state.passwordHash) throw new ValidationError(NO_PASSWORD_MESSAGE);
      const verdict = await verifyPassword(state.passwordHash, confirmation.password);
      if (!verdict.ok)
        throw new ValidationError(WRONG_PASSWORD_MESSAGE, [
          { path: 'password', message: WRONG_PASSWORD_MESSAGE },
        ]);
      return { type: 'DeleteAccount', via: 'password', admins };
    }
    const read = readMailedToken(confirmation.token);
    const now = this.now().toISOString();
    if (read?.userId !== userId || !deletionTokenValid(state, read.tokenHash, now))
      throw new ValidationError(INVALID_DELETION_TOKEN_MESSAGE);
    return { type: 'DeleteAccount', via: 'link', tokenHash: read.tokenHash, now, admins };
  }

  /** Their stories (with the comments on them) and their comments, as their author would. */
  private async removeWritings(userId: string, actor: Actor): Promise<MemberWritings> {
    const writings = await memberWritings(this.deps, userId);
    for (const storyId of writings.storyIds)
      await unlessGone(this.deps.deleteStory(storyId, userId, actor));
    for (const commentId of writings.commentIds)
      await unlessGone(this.deps.deleteComment(commentId, userId, actor));
    return writings;
  }

  private async endSessions(userId: string, actor: Actor): Promise<void> {
    await this.deps.bus.settleAll([SESSIONS]);
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.deps.sessions.ofUser(userId, { cursor, limit: SESSION_PAGE });
      ids.push(...page.items.map((doc) => doc._id));
      cursor = page.next;
    } while (cursor);
    for (const sessionId of ids)
      await this.deps.bus.run(
        `session-${sessionId}`,
        session,
        { type: 'EndSession', reason: 'account_deleted' },
        actor,
      );
  }
}
