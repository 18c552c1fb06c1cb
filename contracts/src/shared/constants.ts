/** The product's business constants and limits. The web app and the server share them. */
export const STORY_MAX_LENGTH = 1000;
export const COMMENT_MAX_LENGTH = 1000;
export const COMMENTS_INITIALLY_SHOWN = 3;
export const COMMENTS_LIST_MAX_HEIGHT = '24rem';

/**
 * A moderator's reason (ban, unban, promote, demote, story moderation and deletion, comment
 * deletion): at most this many characters once trimmed.
 */
export const MODERATION_REASON_MAX_LENGTH = 500;
/** An admin's private note on a member, in characters once trimmed. */
export const MEMBER_NOTE_MAX = 1000;

export const EXCERPT_LENGTH = {
  profileStory: 100,
  adminStory: 100,
  dashboard: 200,
  shareText: 100,
  /** A notification's story label: 59 characters and the ellipsis make at most 60. */
  notificationStory: 59,
} as const;

/** Poor performing stories: the top 5% by skip rate, among stories with enough views to judge. */
export const POOR_STORY_TOP_FRACTION = 0.05;
export const POOR_STORY_MIN_VIEWS = 10;

/** "Most divisive" ranks stories closest to a 50/50 split among those with at least this many votes. */
export const DIVISIVE_MIN_VOTES = 10;

/**
 * A feed card shows its verdict ("She's Right · 82%") to readers who voted on it, and to everyone
 * once the story is this old with at least this many votes.
 */
export const PUBLIC_VERDICT = { minAgeDays: 7, minVotes: 10 } as const;

/**
 * A search for split stories keeps those whose leader has at most this share of the votes (a tie
 * included); one for He's or She's Right keeps those where that side leads by more.
 */
export const SPLIT_VERDICT_MAX_PERCENT = 55;

/** The longest search text a reader may send, in characters. */
export const SEARCH_QUERY_MAX_LENGTH = 200;

/** A comment is flagged with at least this many downvotes and more downvotes than upvotes. */
export const FLAGGED_COMMENT_MIN_DOWNVOTES = 3;

export const DELAYS_MS = {
  viewTracking: 500,
  redirect: 500,
  profileRedirect: 1000,
  cookieBanner: 1000,
} as const;

export const CLIENT_RATE_LIMIT = {
  maxRequestsPerWindow: 25,
  windowMs: 60_000,
  minIntervalMs: 100,
  groups: ['story-track', 'story-vote', 'story-random', 'story-get', 'auth', 'general'],
} as const;
export type RateLimitGroup = (typeof CLIENT_RATE_LIMIT.groups)[number];

export const RATE_LIMIT_MESSAGE = 'Rate limit exceeded. Please wait a moment before trying again.';

export const QUERY_DEFAULTS = {
  staleTimeMs: 5 * 60_000,
  retries: 2,
} as const;

/** How long the web app treats each call's answer as fresh, per call. */
export const QUERY_FRESHNESS_MS = {
  story: 2 * 60_000,
  randomStory: 60_000,
  storyVote: 5 * 60_000,
  comments: 5 * 60_000,
  commentsGc: 10 * 60_000,
} as const;

export const TOAST = {
  limit: 1,
  durationMs: 5000,
  swipeThresholdPx: 50,
  removeDelayMs: 1_000_000,
  hotkey: 'F8',
  maxWidth: '420px',
} as const;

export const TOOLTIP = { delayMs: 700, skipDelayMs: 300 } as const;

export const STORAGE_KEYS = {
  cookieConsent: 'cookie-consent',
  cookiePreferences: 'cookie-preferences',
} as const;

export const PAGE_SIZE = { default: 20, max: 50 } as const;

/**
 * How many stories one random draw may leave out (`exclude`, comma-separated): the current story
 * and the skips the browser has not yet had acknowledged.
 */
export const RANDOM_EXCLUDE_MAX = 50;

/** The password rule as the forms show it (the server refuses the 10,000 most common ones). */
export const PASSWORD_RULE = 'At least 8 characters, and not a commonly used password.';

/**
 * A cookie the page can read (not httpOnly, no secret) that says a session cookie was set: the
 * web app asks `GET /api/auth/user` only when it is there, so a visitor's page load makes no
 * request that answers 401 (browsers log each such answer as a console error).
 */
export const SIGNED_IN_HINT_COOKIE = 'wr_signed_in';

/**
 * The element of a page's HTML that carries API answers its first render needs, by request path
 * (a visitor's story page: the story), so the page draws them without waiting for a round trip.
 */
export const INLINED_ANSWERS_ELEMENT_ID = 'inlined-answers';

/** What a banned member is told, by the API's 403 and beside every control the ban disables. */
export const BANNED_MESSAGE =
  'Your account is banned: you can read, but not post, vote or comment.';
