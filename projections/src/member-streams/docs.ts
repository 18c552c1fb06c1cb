import type { Doc } from '../store/port';

export const MEMBER_STREAMS = 'member-streams';
export const STREAMS_OF_MEMBER = 'streams';

/**
 * One stream that holds at least one event naming a member (`membersNamedBy`): what a member's
 * data export reads instead of the whole log. Id: `{userId} {stream}`.
 */
export interface MemberStreamDoc extends Doc {
  userId: string;
  stream: string;
}

export const memberStreamId = (userId: string, stream: string) => `${userId} ${stream}`;
