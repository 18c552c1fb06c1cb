import type { Doc } from '../store/port';
import { startingWith } from '../store/prefix';

export const SEEN_STORIES = 'seen-stories';
export const SEEN_DOCS = 'seen';

/**
 * One story one viewer (a member `u-{userId}` or a visitor `v-{visitorId}`, the activity
 * streams' key) voted on or skipped. A row per pair keeps each vote or skip one small write,
 * however many stories the viewer has seen; "has this viewer seen story X" is one lookup by id.
 * Its id says it all, `{viewerKey}:{storyId}`, so the document holds nothing else, and a viewer's
 * rows are a range of ids, read without an index of their own (a vote writes one entry less).
 */
export type SeenStoryDoc = Doc;

/** The id of the row saying that `viewerKey` has seen `storyId`. */
export const seenStoryId = (viewerKey: string, storyId: string) => `${viewerKey}:${storyId}`;

/**
 * The ids of one viewer's rows: those starting with `{viewerKey}:`. The API makes viewer keys
 * from member ids and base64url visitor ids, never with a `:`, so no other viewer's rows start so.
 */
export const seenIdsOf = (viewerKey: string) => startingWith(seenStoryId(viewerKey, ''));

/** The story of one of `viewerKey`'s rows. */
export const storyOfSeenId = (viewerKey: string, id: string) => id.slice(viewerKey.length + 1);
