import type {
  ModerationAction,
  ModerationSource,
  ModerationTargetType,
} from '@whosright/contracts/moderation/dto';
import type { Doc } from '../store/port';

/** The read model's name and its two collections: the entries, and what they point at. */
export const MODERATION_LOG = 'moderation-log';
export const ENTRIES = 'entries';
export const TARGETS = 'targets';

/** One admin decision. `_id` is the event's log position, zero-padded: unique and ordered. */
export interface ModerationEntryDoc extends Doc {
  at: string;
  actorId: string | null;
  source: ModerationSource;
  action: ModerationAction;
  targetType: ModerationTargetType;
  targetId: string;
  /**
   * The member the decision is about when the event names them: the account, or the author of
   * the deleted or kept comment or deleted story. A story's moderation does not name its author:
   * the story's target (`authorId`) does.
   */
  memberId?: string | null;
  reason: string | null;
}

/**
 * What an entry names (`{type}:{id}`), kept here because a deleted story or comment leaves the
 * other read models: the excerpt of a story or comment, or a user's names for a display name.
 */
export interface TargetDoc extends Doc {
  excerpt?: string;
  /** Who wrote the story or comment. */
  authorId?: string;
  email?: string;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

export const targetKey = (type: ModerationTargetType, id: string) => `${type}:${id}`;
export const entryId = (position: bigint) => position.toString().padStart(20, '0');
