import { defineProjection, insertOnce } from '../runner/projection';
import { MEMBER_STREAMS, memberStreamId, STREAMS_OF_MEMBER } from './docs';
import { membersNamedBy, namesAMember } from './named-members';

/**
 * Per member, every stream where an event names them: their own, their sessions, stories,
 * comments, votes, reactions, activity and reservations, and any other stream an event of theirs
 * landed on. Later events on those streams by others (a moderation, a session's end) need no
 * entry: an export reads each stream whole. Documents are only ever added, like the log.
 */
export const memberStreamsProjection = defineProjection({
  name: MEMBER_STREAMS,
  // 2: no index on userId: a member's rows are a range of ids, which start with their id.
  // 3: the id alone, no fields.
  version: 3,
  eventTypes: [],
  canHandle: namesAMember,
  collections: [{ name: STREAMS_OF_MEMBER, indexes: [], insertOnly: true }],
  apply(event) {
    return membersNamedBy(event).map((userId) =>
      insertOnce(STREAMS_OF_MEMBER, memberStreamId(userId, event.stream), {}),
    );
  },
});
