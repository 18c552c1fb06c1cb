import type { Doc, TextIndexSpec } from '../store/port';

/** The story search read model, and its collection of story texts, named alike. */
export const STORY_SEARCH = 'story-search';

/** One story's searchable text and what a search filters it by. */
export interface StorySearchDoc extends Doc {
  content: string;
  category: string;
  createdAt: string;
  status: string;
  /** Derived: approved, with its text (not a forgotten author's): in the text index. */
  listed: boolean;
}

/** The text index: the words of listed stories only; a story that stops being listed leaves it. */
export const STORY_TEXT_INDEX = {
  field: 'content',
  where: { listed: true },
} as const satisfies TextIndexSpec;
