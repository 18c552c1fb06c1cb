import { z } from 'zod';
import { userIdSchema } from '../shared/ids';
import { reasonBodySchema } from '../shared/moderation';
import { cursorSchema, pageLimitSchema } from '../shared/page';
import { cleaned } from '../shared/text';
import { roleSchema } from './events';

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }));

/** Any characters, never truncated; 256 is the cap so hashing cost stays bounded. */
const password = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(256, 'Password must be at most 256 characters');

const optionalName = cleaned(
  z.string().trim().max(50, 'Last name must be at most 50 characters').optional().nullable(),
).transform((v) => (v ? v : null));

export const registerRequestSchema = z.strictObject({
  email,
  password,
  firstName: cleaned(
    z
      .string({ error: 'First name is required' })
      .trim()
      .min(1, 'First name is required for registration')
      .max(50, 'First name must be at most 50 characters'),
  ),
  lastName: optionalName,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.strictObject({
  email,
  // Sign-in checks any stored password, so only the upper bound applies here.
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(256, 'Password must be at most 256 characters'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const forgotPasswordRequestSchema = z.strictObject({ email });

/** POST /api/auth/verify-email: the token of the mailed link (`{userId}.{secret}`). */
export const verifyEmailRequestSchema = z.strictObject({
  token: z
    .string({ error: 'Verification token is required' })
    .trim()
    .min(1, 'Verification token is required')
    .max(200),
});

/**
 * What a verification link answers: that it worked, and nothing about the account. The link is
 * opened signed out as often as signed in; the app refreshes its own account afterwards.
 */
export const verifyEmailResponseSchema = z.strictObject({ verified: z.literal(true) });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

export const resetPasswordRequestSchema = z.strictObject({
  token: z
    .string({ error: 'Reset token is required' })
    .trim()
    .min(1, 'Reset token is required')
    .max(200),
  password,
});
export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username must be at most 30 characters')
  .regex(/^[A-Za-z0-9_]+$/, 'Username may use only letters, digits and underscores');

/**
 * What a URL may not hold unencoded (whitespace, quotes, angle brackets, backslashes, control
 * characters), and what would end the attribute or CSS string a picture's address is written in.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_IN_A_URL = /[\s"'`<>\\\u0000-\u001F\u007F-\u009F]/;
const PROFILE_IMAGE_CHARACTERS_MESSAGE =
  'Profile image URL must not contain spaces, quotes, angle brackets, backslashes or control characters';

export const profileImageUrlSchema = z
  .string()
  .trim()
  .max(2048, 'Profile image URL must be at most 2048 characters')
  .refine((url) => !NOT_IN_A_URL.test(url), PROFILE_IMAGE_CHARACTERS_MESSAGE)
  .pipe(z.url({ protocol: /^https$/, error: 'Profile image URL must be an absolute https: URL' }));

/** Blank or absent clears the field: the web app sends empty values as absent. */
const clearable = <T extends z.ZodType<string>>(schema: T) =>
  z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      schema.nullable().optional(),
    )
    .transform((value) => value ?? null);

/** PATCH /api/users/profile: sets both fields; a blank or absent one is cleared. */
export const updateProfileRequestSchema = z.strictObject({
  username: clearable(usernameSchema),
  profileImageUrl: clearable(profileImageUrlSchema),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** PATCH /api/users/preferences: the member's settings that are not their profile. */
export const updatePreferencesRequestSchema = z.strictObject({
  showSideOnComments: z.boolean({ error: 'showSideOnComments must be true or false' }),
});
export type UpdatePreferencesRequest = z.infer<typeof updatePreferencesRequestSchema>;

/** Whether an account may write: a banned one reads only. */
export const userStatusSchema = z.enum(['active', 'banned']);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** GET /api/auth/user and every auth response that returns the user. */
export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  role: roleSchema,
  status: userStatusSchema,
  createdAt: z.string(),
  /** Whether the e-mail address is proven; the profile shows a notice until it is. */
  emailVerified: z.boolean(),
  /** Whether the member's side (He / She) shows beside their comments on a story they voted on. */
  showSideOnComments: z.boolean(),
  /** Present only while banned: when, and the reason the admin gave (null when none). */
  ban: z.object({ at: z.string(), reason: z.string().nullable() }).optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET /api/users/stats: what still exists of the member's stories and comments, and votes given. */
export const userStatsSchema = z.object({
  storiesSubmitted: z.number(),
  commentsPosted: z.number(),
  votesGiven: z.number(),
});
export type UserStatsView = z.infer<typeof userStatsSchema>;

/** PATCH /api/admin/users/{id}/ban|unban|promote|demote: no body, or `{ reason? }`. */
export const adminUserActionRequestSchema = reasonBodySchema;

export const ADMIN_USER_ACTIONS = ['ban', 'unban', 'promote', 'demote'] as const;
export type AdminUserAction = (typeof ADMIN_USER_ACTIONS)[number];

export const userIdParamsSchema = z.object({ id: userIdSchema });

/**
 * GET /api/admin/users: `q` is a case-insensitive prefix of the e-mail, username or name; `role`
 * keeps one role (the moderation log's admin filter lists the admins this way); `status` keeps
 * the active or the banned accounts (the Users tab's Members and Banned filters).
 */
export const adminUsersQuerySchema = z.strictObject({
  q: z.string().trim().toLowerCase().max(100).optional(),
  role: roleSchema.optional(),
  status: userStatusSchema.optional(),
  cursor: cursorSchema.optional(),
  limit: pageLimitSchema,
});

/** GET /api/admin/summary: the summary cards of the admin panel. */
export const adminSummarySchema = z.object({
  pendingStories: z.number(),
  totalUsers: z.number(),
  flaggedComments: z.number(),
  poorStories: z.number(),
  /** Reported stories and comments waiting for an admin. */
  openReports: z.number(),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

export const USERNAME_TAKEN_MESSAGE = 'That username is taken. Please choose another one.';

export const FORGOT_PASSWORD_ANSWER = {
  message: 'If an account exists for that email, we have sent password reset instructions.',
} as const;
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const INVALID_RESET_TOKEN_MESSAGE = 'Invalid or expired reset token';
export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common ones. Please choose one that is harder to guess.';

export const INVALID_VERIFICATION_TOKEN_MESSAGE =
  'This verification link is invalid or has expired. Ask for a new one from your profile.';
export const ACCOUNT_LEAVING_MESSAGE =
  'This account is being deleted: it can no longer post, vote or comment.';
// The web app shows the same sentence beside the controls a ban disables (zod-free module).
export { BANNED_MESSAGE } from '../shared/constants';
