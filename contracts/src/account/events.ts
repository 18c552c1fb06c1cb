import { z } from 'zod';
import { defineEvent, type EventOf } from '../shared/events';
import {
  DELETED_TEXT,
  FORGOTTEN_SECRET,
  MODERATORS_WORDS,
  ofForgottenMember,
} from '../shared/forgetting';
import { userIdSchema } from '../shared/ids';
import { forgottenEmail } from './forgotten-email';
import { keptNotificationSettingsSchema } from '../notification/settings';

export const roleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof roleSchema>;

const hash = z.string().min(1);

/** A mailed token's hash: forgotten with the member, so no old link can ever match it. */
const forgetTokenHash = ofForgottenMember<{ tokenHash: string; expiresAt: string }>((data) => ({
  ...data,
  tokenHash: FORGOTTEN_SECRET,
}));

/** Events of a `user-{id}` stream. Secrets never enter an event in clear: only their hashes do. */
export const userEvents = {
  UserRegistered: defineEvent(
    'UserRegistered',
    z.object({
      userId: userIdSchema,
      email: z.email(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      /** argon2id hash; null for accounts created by external sign-in. */
      passwordHash: hash.nullable(),
      role: roleSchema,
      profileImageUrl: z.string().nullable(),
    }),
    {
      forgetting: ofForgottenMember((data, userId) => ({
        ...data,
        email: forgottenEmail(userId),
        firstName: null,
        lastName: null,
        passwordHash: null,
        profileImageUrl: null,
      })),
    },
  ),
  PasswordChanged: defineEvent(
    'PasswordChanged',
    z.object({
      passwordHash: hash,
      reason: z.enum(['reset', 'rehash']),
      /** The reset request this change consumed. */
      resetTokenHash: hash.nullable(),
    }),
    {
      forgetting: ofForgottenMember((data) => ({
        ...data,
        passwordHash: FORGOTTEN_SECRET,
        resetTokenHash: null,
      })),
    },
  ),
  PasswordResetRequested: defineEvent(
    'PasswordResetRequested',
    z.object({ tokenHash: hash, expiresAt: z.iso.datetime() }),
    { forgetting: forgetTokenHash },
  ),
  /** A verification link was mailed; a newer one replaces it. */
  EmailVerificationRequested: defineEvent(
    'EmailVerificationRequested',
    z.object({ tokenHash: hash, expiresAt: z.iso.datetime() }),
    { forgetting: forgetTokenHash },
  ),
  /**
   * The address is proven: by the mailed link, a reset by mailed token, a provider that verified
   * it, or the demo seed. Only a verified address gets the admin role from ADMIN_EMAILS.
   */
  EmailVerified: defineEvent(
    'EmailVerified',
    z.object({ via: z.enum(['link', 'reset', 'external', 'seed']) }),
  ),
  ProfileUpdated: defineEvent(
    'ProfileUpdated',
    z.object({ username: z.string().nullable(), profileImageUrl: z.string().nullable() }),
    {
      forgetting: ofForgottenMember((data) => ({
        ...data,
        username: null,
        profileImageUrl: null,
      })),
    },
  ),
  /** Whether the member's He / She side shows beside their comments (shown unless turned off). */
  SideOnCommentsSet: defineEvent('SideOnCommentsSet', z.object({ shown: z.boolean() })),
  /** The member's notification settings as they now are: the digest, and the kinds turned off. */
  NotificationSettingsSet: defineEvent('NotificationSettingsSet', keptNotificationSettingsSchema),
  UserBanned: defineEvent('UserBanned', z.object({ reason: z.string().nullable() }), {
    forgetting: MODERATORS_WORDS,
  }),
  /** `reason`: what the admin wrote, when they did (absent in older events). */
  UserUnbanned: defineEvent('UserUnbanned', z.object({ reason: z.string().optional() }), {
    forgetting: MODERATORS_WORDS,
  }),
  /** `reason` says who decided (an admin, or ADMIN_EMAILS); `note` is what the admin wrote. */
  UserPromoted: defineEvent(
    'UserPromoted',
    z.object({ reason: z.enum(['admin', 'admin_emails']), note: z.string().optional() }),
    { forgetting: MODERATORS_WORDS },
  ),
  UserDemoted: defineEvent(
    'UserDemoted',
    z.object({ reason: z.enum(['admin', 'admin_emails']), note: z.string().optional() }),
    { forgetting: MODERATORS_WORDS },
  ),
  ExternalIdentityLinked: defineEvent(
    'ExternalIdentityLinked',
    z.object({ issuer: z.string().min(1), subject: z.string().min(1) }),
    { forgetting: ofForgottenMember((data) => ({ ...data, subject: FORGOTTEN_SECRET })) },
  ),
  /** A link that confirms deleting an account without a password was mailed. */
  AccountDeletionRequested: defineEvent(
    'AccountDeletionRequested',
    z.object({ tokenHash: hash, expiresAt: z.iso.datetime() }),
    { forgetting: forgetTokenHash },
  ),
  /**
   * A confirmed deletion began: from here the member's new writes are refused, so the sweep of
   * their stories and comments that follows misses none that raced it.
   */
  AccountDeletionStarted: defineEvent('AccountDeletionStarted', z.object({})),
  /** The member deleted their account, confirmed by their password or a mailed link. */
  AccountDeleted: defineEvent('AccountDeleted', z.object({ via: z.enum(['password', 'link']) })),
};

/** What a deleted member's story or comment text reads as. */
export { DELETED_TEXT };

/** The stream every read of the log for read models loads first: the deleted members' registry. */
export const FORGOTTEN_USERS_STREAM = 'forgottenUsers';

/**
 * The registry of deleted members (`forgottenUsers`): reads of the log replace the personal
 * fields of their events (`@whosright/eventstore/forgetting`). The ids of the stories and
 * comments they wrote travel along: other members' events quote those texts.
 */
export const forgettingEvents = {
  UserForgotten: defineEvent(
    'UserForgotten',
    z.object({
      userId: userIdSchema,
      storyIds: z.array(z.string().min(1)),
      commentIds: z.array(z.string().min(1)),
    }),
    {
      forgetting: {
        keeps: 'the registry forgetting reads by: ids only, kept so the forgetting lasts',
      },
    },
  ),
};

/**
 * Reservation streams hold one claim each, so an e-mail, a username or an external identity
 * belongs to one account: `email-{hash}`, `username-{hash}`, `identity-{hash}`.
 */
export const reservationEvents = {
  ReservationClaimed: defineEvent('ReservationClaimed', z.object({ userId: userIdSchema })),
  ReservationReleased: defineEvent('ReservationReleased', z.object({ userId: userIdSchema })),
};

/** Sessions live in `session-{id}` streams so logout, bans and resets can end them server-side. */
export const sessionEvents = {
  SessionStarted: defineEvent(
    'SessionStarted',
    z.object({
      sessionId: z.string().min(16),
      userId: userIdSchema,
      method: z.enum(['password', 'registration', 'external']),
      expiresAt: z.iso.datetime(),
      /**
       * The user's credentials version the sign-in was checked against: a password reset or a
       * ban after the check voids the session. Absent in sessions from before it was recorded.
       */
      credentialsVersion: z.number().int().min(0).optional(),
    }),
    {
      forgetting: {
        keeps: 'a session id, a sign-in method and times: nothing a person wrote or is known by',
      },
    },
  ),
  SessionRenewed: defineEvent('SessionRenewed', z.object({ expiresAt: z.iso.datetime() })),
  SessionEnded: defineEvent(
    'SessionEnded',
    z.object({ reason: z.enum(['logout', 'expired', 'account_deleted']) }),
  ),
};

export type UserEvent = EventOf<(typeof userEvents)[keyof typeof userEvents]>;
export type ReservationEvent = EventOf<(typeof reservationEvents)[keyof typeof reservationEvents]>;
export type SessionEvent = EventOf<(typeof sessionEvents)[keyof typeof sessionEvents]>;
export type ForgettingEvent = EventOf<(typeof forgettingEvents)[keyof typeof forgettingEvents]>;
