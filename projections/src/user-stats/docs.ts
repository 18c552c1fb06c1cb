import type { Doc } from '../store/port';

export const USER_STATS = 'user-stats';
export const USER_STATS_DOCS = 'stats';

/** A member's profile counters; a field is absent until its first change. */
export interface UserStatsDoc extends Doc {
  storiesSubmitted?: number;
  commentsPosted?: number;
  votesGiven?: number;
}
