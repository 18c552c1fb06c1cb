/**
 * The member's saved list's query key: the profile reads the list, the story card's Save asks
 * for it again after a change (one key for two features, so it lives here).
 */
export const SAVED_STORIES_KEY = ['users', 'saved'] as const;
