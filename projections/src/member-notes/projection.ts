import type { UserEvent } from '@whosright/contracts/account/events';
import type { MemberNoteEvent } from '@whosright/contracts/member-history/events';
import { defineProjection, remove, upsert, type Change } from '../runner/projection';
import type { Recorded } from '../shared/recorded';
import { MEMBER_NOTES, NOTES_OF_MEMBER, type MemberNoteDoc } from './docs';

type Handled = Recorded<MemberNoteEvent | UserEvent>;

/**
 * Admins' private notes on members, one document per member, so that the member's deletion of
 * their account removes every note on them at once.
 */
export const memberNotesProjection = defineProjection<Handled>({
  name: MEMBER_NOTES,
  version: 1,
  eventTypes: ['MemberNoteAdded', 'AccountDeleted'],
  collections: [{ name: NOTES_OF_MEMBER, indexes: [] }],
  apply(event): Change[] {
    switch (event.type) {
      case 'MemberNoteAdded': {
        const { noteId, memberId, adminId, text } = event.data;
        const note: MemberNoteDoc = { adminId, text, at: event.metadata.recordedAt };
        return [upsert(NOTES_OF_MEMBER, memberId, { $set: { [`notes.${noteId}`]: note } })];
      }
      case 'AccountDeleted':
        return [remove(NOTES_OF_MEMBER, event.stream.slice('user-'.length))];
      default:
        return [];
    }
  },
});
