export type AdminTab =
  'pending' | 'users' | 'flagged' | 'reports' | 'poor' | 'log' | 'automod' | 'insights';

/** The admin panel's tabs in order: the name, and what it lists in brackets where it says more. */
export const ADMIN_TABS: ReadonlyArray<{ value: AdminTab; label: string; detail?: string }> = [
  { value: 'pending', label: 'Pending Stories' },
  { value: 'users', label: 'User Management' },
  { value: 'flagged', label: 'Flagged Comments', detail: '(High Downvotes)' },
  { value: 'reports', label: 'Reports' },
  { value: 'poor', label: 'Poor Performing Stories', detail: '(Top 5% Skip Rate)' },
  { value: 'log', label: 'Moderation Log' },
  { value: 'automod', label: 'Automod' },
  { value: 'insights', label: 'Insights' },
];

export const isAdminTab = (value: unknown): value is AdminTab =>
  ADMIN_TABS.some((tab) => tab.value === value);
