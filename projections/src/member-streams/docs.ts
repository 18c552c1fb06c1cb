import type { Doc } from '../store/port';

export const MEMBER_STREAMS = 'member-streams';
export const STREAMS_OF_MEMBER = 'streams';

/**
 * One stream that holds at least one event naming a member (`membersNamedBy`): what a member's
 * data export reads instead of the whole log. Its id says it all, `{userId} {stream}` (a member
 * id has no space), so the document holds nothing else: a rebuild writes and sorts a row per
 * member and stream, and a smaller row is most of what it saves.
 */
export type MemberStreamDoc = Doc;

export const memberStreamId = (userId: string, stream: string) => `${userId} ${stream}`;

/** The stream of one of `userId`'s rows. */
export const streamOfMemberStreamId = (userId: string, id: string) => id.slice(userId.length + 1);
