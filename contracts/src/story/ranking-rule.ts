/**
 * The Poor Performing rule (the top 5% by skip rate) and the others an admin can try in a dry
 * run. No zod: the web app imports it.
 */
import { POOR_STORY_MIN_VIEWS, POOR_STORY_TOP_FRACTION } from '../shared/constants';

/** Which stories count as poor performers: the top `topFraction` by skip rate among approved stories with `minViews`. */
export interface RankingRule {
  topFraction: number;
  minViews: number;
}

/** The rule the admin panel ranks by: the top 5% by skip rate, of stories with 10 views or more. */
export const DEFAULT_RANKING_RULE: RankingRule = {
  topFraction: POOR_STORY_TOP_FRACTION,
  minViews: POOR_STORY_MIN_VIEWS,
};

/** The rules the admin panel offers; the API takes any in range. */
export const RANKING_RULE_CHOICES = {
  topFraction: [0.03, 0.05, 0.1],
  minViews: [10, 25, 50],
} as const;
