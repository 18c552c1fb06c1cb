import { REPORTS_PER_HOUR } from '@whosright/contracts/report/reasons';

/**
 * The server-side limits on sign-in, sign-up, mail and writes, as named policies. A policy allows `points`
 * attempts per key in a fixed window of `durationSeconds`; the next one answers 429.
 */
export interface RateLimitPolicy {
  /** Stable: it is part of the counter's key in Redis. */
  name: string;
  points: number;
  durationSeconds: number;
}

export const rateLimitPolicies = {
  /** Sign-in: 10 attempts per 15 minutes per e-mail + IP (key: `emailAndIpKey`). */
  signInPerEmailAndIp: { name: 'sign-in-email-ip', points: 10, durationSeconds: 15 * 60 },
  /** Sign-in: 100 attempts per hour per IP, whatever the e-mail (key: the IP). */
  signInPerIp: { name: 'sign-in-ip', points: 100, durationSeconds: 60 * 60 },
  /** Forgot password: 5 requests per hour per e-mail (key: `emailKey`). */
  forgotPasswordPerEmail: { name: 'forgot-password-email', points: 5, durationSeconds: 60 * 60 },
  /** Verification links: 3 new ones per hour per account (key: the user id). */
  resendVerificationPerAccount: {
    name: 'resend-verification-account',
    points: 3,
    durationSeconds: 60 * 60,
  },
  /** Verifying: 30 attempts per 15 minutes per IP (key: the IP). */
  verifyEmailPerIp: { name: 'verify-email-ip', points: 30, durationSeconds: 15 * 60 },
  /** Password reset: 10 attempts per 15 minutes per IP (key: the IP). */
  resetPasswordPerIp: { name: 'reset-password-ip', points: 10, durationSeconds: 15 * 60 },
  /** Password reset: 5 attempts per 15 minutes per account (key: the token's user id). */
  resetPasswordPerAccount: {
    name: 'reset-password-account',
    points: 5,
    durationSeconds: 15 * 60,
  },
  /**
   * Sign-in failures: 20 per 15 minutes per account, from any address (key: the e-mail). Above
   * the 10 per e-mail + IP, so one address guessing cannot make the owner wait.
   */
  signInFailuresPerAccount: {
    name: 'sign-in-failures-account',
    points: 20,
    durationSeconds: 15 * 60,
  },
  /** Writes per account: what a person writes, at most, before a pause. */
  storiesPerAccount: { name: 'stories-account', points: 5, durationSeconds: 60 * 60 },
  commentsPerAccount: { name: 'comments-account', points: 10, durationSeconds: 60 },
  storyVotesPerAccount: { name: 'story-votes-account', points: 60, durationSeconds: 60 },
  commentVotesPerAccount: { name: 'comment-votes-account', points: 60, durationSeconds: 60 },
  reactionsPerAccount: { name: 'reactions-account', points: 60, durationSeconds: 60 },
  /** Saving and unsaving stories. */
  savesPerAccount: { name: 'saves-account', points: 60, durationSeconds: 60 },
  /** Following and unfollowing stories. */
  followsPerAccount: { name: 'follows-account', points: 60, durationSeconds: 60 },
  reportsPerAccount: {
    name: 'reports-account',
    points: REPORTS_PER_HOUR,
    durationSeconds: 60 * 60,
  },
  /** Deleting one's own stories and comments (one counter for both). */
  deletionsPerAccount: { name: 'deletions-account', points: 30, durationSeconds: 60 },
  /** Marking notifications read: the bell, one call per item opened or "Mark all read". */
  notificationReadsPerAccount: {
    name: 'notification-reads-account',
    points: 60,
    durationSeconds: 60,
  },
  /** Username and picture. */
  profileUpdatesPerAccount: { name: 'profile-account', points: 20, durationSeconds: 60 * 60 },
  /** The side shown beside one's comments. */
  preferencesPerAccount: { name: 'preferences-account', points: 30, durationSeconds: 60 * 60 },
  /** The digest and the kinds of notifications heard, one switch per call. */
  notificationSettingsPerAccount: {
    name: 'notification-settings-account',
    points: 30,
    durationSeconds: 60 * 60,
  },
  /** Admins' private notes on members. */
  memberNotesPerAccount: { name: 'member-notes-account', points: 60, durationSeconds: 60 * 60 },
  /** View, skip and engage tracking: 120 per minute per address (key: the IP). */
  trackPerIp: { name: 'track-ip', points: 120, durationSeconds: 60 },
  /** Story searches: 120 per minute per IP (key: the IP); a search ranks every match. */
  searchesPerIp: { name: 'searches-ip', points: 120, durationSeconds: 60 },
  /** Registration: 10 per hour per IP (key: the IP). */
  registrationPerIp: { name: 'registration-ip', points: 10, durationSeconds: 60 * 60 },
  /** A member's data export, 5 per hour per account (it reads every stream of theirs). */
  memberExportPerAccount: { name: 'member-export-account', points: 5, durationSeconds: 60 * 60 },
  /** Attempts to confirm deleting an account, 10 per 15 minutes per account. */
  deleteAccountPerAccount: {
    name: 'delete-account-account',
    points: 10,
    durationSeconds: 15 * 60,
  },
  /** Mailed links that confirm a deletion, 3 per hour per account. */
  deletionLinkPerAccount: { name: 'deletion-link-account', points: 3, durationSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitPolicy>;

/** E-mails are counted case- and space-insensitively, so `Ann@X.org ` cannot dodge the limit. */
export const emailKey = (email: string) => email.trim().toLowerCase();

export const emailAndIpKey = (email: string, ip: string) => `${emailKey(email)}|${ip}`;
