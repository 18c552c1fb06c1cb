/** Query keys of the comments feature. */
export const commentKeys = {
  all: ['comments'] as const,
  lists: () => [...commentKeys.all, 'list'] as const,
  list: (storyId: string) => [...commentKeys.lists(), storyId] as const,
};
