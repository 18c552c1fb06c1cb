/** Query keys of the profile feature (one factory, STYLE.md convention 7). */
export const profileKeys = {
  all: ['profile'] as const,
  stats: () => [...profileKeys.all, 'stats'] as const,
  stories: () => [...profileKeys.all, 'stories'] as const,
  comments: () => [...profileKeys.all, 'comments'] as const,
  notificationSettings: () => [...profileKeys.all, 'notification-settings'] as const,
};
