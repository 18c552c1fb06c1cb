import type { ReactionType } from '@whosright/contracts/story/events';
import type { Doc } from '../store/port';

export const MEMBER_REACTIONS = 'member-reactions';
export const MEMBER_REACTION_DOCS = 'reactions';

/**
 * The reactions one member gives one story now, each true while given; its id is
 * `memberReactionId(storyId, userId)`. A reaction withdrawn is set false rather than removed, so a
 * give and a withdraw are the same one-row write.
 */
export type MemberReactionDoc = Doc & Partial<Record<ReactionType, boolean>>;

export const memberReactionId = (storyId: string, userId: string) => `${storyId}:${userId}`;
