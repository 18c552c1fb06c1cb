import type { Doc } from '../store/port';

export const SAVED_STORIES = 'saved-stories';
export const SAVED_STORY_DOCS = 'saves';

/** One story a member keeps saved, and when they saved it; its id is `savedStoryId`. */
export interface SavedStoryDoc extends Doc {
  userId: string;
  storyId: string;
  savedAt: string;
}

export const savedStoryId = (storyId: string, userId: string) => `${storyId}:${userId}`;
