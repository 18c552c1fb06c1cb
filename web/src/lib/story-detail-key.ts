/**
 * A story screen's query key: the stories feature reads the story with it (`storyKeys.detail`),
 * the bell's Unfollow marks the story's follow stale (one key for two features, so it lives here).
 */
export const storyDetailKey = (id: string) => ['stories', 'detail', id] as const;
