/** Query keys of the admin panel (one factory, STYLE.md convention 7). */
import type { ModerationAction } from '@whosright/contracts/moderation/dto';
import type { RankingRule } from '@whosright/contracts/story/ranking-rule';

export interface ModerationLogFilters {
  action?: ModerationAction | undefined;
  actor?: string | undefined;
}

/** The Users tab's filter: every account, the admins, the active members or the banned. */
export type UserFilter = 'all' | 'admins' | 'members' | 'banned';

export const adminKeys = {
  all: ['admin'] as const,
  summary: () => [...adminKeys.all, 'summary'] as const,
  insights: (days: number) => [...adminKeys.all, 'insights', days] as const,
  pending: () => [...adminKeys.all, 'pending'] as const,
  users: (search: string, filter: UserFilter) =>
    [...adminKeys.all, 'users', search, filter] as const,
  usersAll: () => [...adminKeys.all, 'users'] as const,
  admins: () => [...adminKeys.all, 'admins'] as const,
  flagged: () => [...adminKeys.all, 'flagged'] as const,
  reports: (status: 'open' | 'closed') => [...adminKeys.all, 'reports', status] as const,
  reportsAll: () => [...adminKeys.all, 'reports'] as const,
  poor: () => [...adminKeys.all, 'poor'] as const,
  log: (filters: ModerationLogFilters) => [...adminKeys.all, 'log', filters] as const,
  logAll: () => [...adminKeys.all, 'log'] as const,
  history: (storyId: string) => [...adminKeys.all, 'history', storyId] as const,
  historyAll: () => [...adminKeys.all, 'history'] as const,
  memberHistory: (memberId: string) => [...adminKeys.all, 'member-history', memberId] as const,
  memberHistoryAll: () => [...adminKeys.all, 'member-history'] as const,
  memberNotes: (memberId: string) => [...adminKeys.memberHistory(memberId), 'notes'] as const,
  automodRules: () => [...adminKeys.all, 'automod-rules'] as const,
  ruleDryRun: (id: string) => [...adminKeys.all, 'rule-dry-run', id] as const,
  held: () => [...adminKeys.all, 'held'] as const,
  replay: (id: string) => [...adminKeys.all, 'replay', id] as const,
  dryRun: (rule: RankingRule, replay: string | undefined) =>
    [...adminKeys.all, 'dry-run', rule, replay ?? 'live'] as const,
};
