import { FORGOTTEN_USERS_STREAM } from '@whosright/contracts/account/events';
import {
  DELETION_TOKEN_TTL_MS,
  INVALID_DELETION_TOKEN_MESSAGE,
  NO_PASSWORD_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  type DeleteAccountRequest,
} from '@whosright/contracts/account/member-data-dto';
import type { ForgettingLog } from '@whosright/eventstore/port';
import { SESSIONS } from '@whosright/projections/sessions/docs';
import type { SessionQueries } from '@whosright/projections/sessions/queries';
import { USERS } from '@whosright/projections/users/docs';
import type { UserQueries } from '@whosright/projections/users/queries';
import type { Actor } from '#api/platform/actor';
import { NotFoundError, ValidationError } from '#api/platform/errors';
import type { CommandBus } from '#api/write/command-bus';
import { commandOn } from '#api/write/commands';
import * as user from './decider';
import { forgottenDecider } from './forgotten-decider';
import { verifyPassword } from './passwords';
import { reservation } from './reservation-decider';
import { emailStream, identityStream, usernameStream } from './reservations';
import { sessionDecider } from './session-decider';
import { newMailedToken, readMailedToken } from './mailed-token';
import { accountRejections, lastAdminLeaving } from './rejections';

const SESSION_PAGE = 200;

export interface DeleteAccountDeps {
  bus: CommandBus;
  /**
   * The log as people may see it: the sweep only needs the ids of what the member wrote and its
   * authors' ids, which forgetting leaves as they are.
   */
  log: ForgettingLog;
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

/** What the member wrote, from the log: every story and comment ever, deleted or not. */
async function writingsOf(
  log: ForgettingLog,
  userId: string,
): Promise<{ storyIds: string[]; commentIds: string[] }> {
  const storyIds: string[] = [];
  const commentIds: string[] = [];
  const filter = { eventTypes: ['StorySubmitted', 'CommentPosted'] };
  for await (const event of log.readAll({ filter })) {
    const data = event.data as { authorId?: string; storyId?: string; commentId?: string };
    if (data.authorId !== userId) continue;
    if (event.type === 'StorySubmitted' && data.storyId) storyIds.push(data.storyId);
    if (event.type === 'CommentPosted' && data.commentId) commentIds.push(data.commentId);
  }
  return { storyIds, commentIds };
}

/** Releases of the member's e-mail, username and external identities (no-ops once done). */
function releases(userId: string, state: user.UserState) {
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
function decideOrRefuse(command: user.UserCommand, state: user.UserState): void {
  try {
    user.decide(command, state);
  } catch (error) {
    if (error instanceof user.UserCommandRejected) throw accountRejections[error.reason]();
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
 * (AccountDeletionStarted), their stories (with every comment on them) and comments are deleted,
 * every session ends, then the member is added to the `forgottenUsers` registry,
 * AccountDeleted is appended and the reservations of the e-mail, username and external
 * identities are released, in one append where the store can. Reads of the log for read models then show
 * nothing personal of theirs (`@whosright/eventstore/forgetting`).
 */
export class AccountDeletion {
  private readonly now: () => Date;

  constructor(private readonly deps: DeleteAccountDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private async load(userId: string): Promise<user.UserState> {
    return this.deps.bus.state(`user-${userId}`, user);
  }

  /** Mails the link that confirms a deletion: the way for an account without a password. */
  async requestLink(userId: string, actor: Actor): Promise<void> {
    const state = await this.load(userId);
    if (!state.exists || !state.email) throw new NotFoundError('Account not found');
    // No link the deletion would refuse anyway.
    if (user.wouldLeaveNoAdmin(state, await this.deps.users.countAdmins()))
      throw lastAdminLeaving();
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
    await this.deps.bus.run(`user-${userId}`, user, { type: 'StartAccountDeletion' }, actor);
    const { storyIds, commentIds } = await this.removeWritings(userId, actor);
    await this.endSessions(userId, actor);
    // The registry first: should a store without atomic appends stop half-way, the member can
    // still sign in and ask again, or the reservations are released at the next start.
    await this.deps.bus.runAll(
      [
        commandOn(FORGOTTEN_USERS_STREAM, forgottenDecider, {
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
    const forgotten = await this.deps.bus.state(FORGOTTEN_USERS_STREAM, forgottenDecider);
    for (const userId of forgotten.users) {
      const state = await this.load(userId);
      if (state.deleted) await this.deps.bus.runAll(releases(userId, state), actor);
    }
  }

  private async confirmed(
    userId: string,
    state: user.UserState,
    confirmation: DeleteAccountRequest,
  ): Promise<user.UserCommand> {
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
    if (read?.userId !== userId || !user.deletionTokenValid(state, read.tokenHash, now))
      throw new ValidationError(INVALID_DELETION_TOKEN_MESSAGE);
    return { type: 'DeleteAccount', via: 'link', tokenHash: read.tokenHash, now, admins };
  }

  /** Their stories (with the comments on them) and their comments, as their author would. */
  private async removeWritings(
    userId: string,
    actor: Actor,
  ): Promise<{ storyIds: string[]; commentIds: string[] }> {
    const writings = await writingsOf(this.deps.log, userId);
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
      ids.push(...page.items.map((session) => session._id));
      cursor = page.next;
    } while (cursor);
    for (const sessionId of ids)
      await this.deps.bus.run(
        `session-${sessionId}`,
        sessionDecider,
        { type: 'EndSession', reason: 'account_deleted' },
        actor,
      );
  }
}
