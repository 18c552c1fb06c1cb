import type { ReadModels } from '../store/port';
import { USER_STATS, USER_STATS_DOCS, type UserStatsDoc } from './docs';

export interface UserStats {
  storiesSubmitted: number;
  commentsPosted: number;
  votesGiven: number;
}

/** Every read the API makes of the user-stats read model. */
export class UserStatsQueries {
  private readonly stats;

  constructor(models: ReadModels) {
    this.stats = models.collection<UserStatsDoc>(USER_STATS, USER_STATS_DOCS);
  }

  /** A member's profile counters: zero for what they never did. */
  async of(userId: string): Promise<UserStats> {
    const doc = await this.stats.get(userId);
    return {
      storiesSubmitted: doc?.storiesSubmitted ?? 0,
      commentsPosted: doc?.commentsPosted ?? 0,
      votesGiven: doc?.votesGiven ?? 0,
    };
  }
}
