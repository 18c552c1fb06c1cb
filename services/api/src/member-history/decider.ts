import { MEMBER_NOTE_MAX, type MemberNoteEvent } from '@whosright/contracts/member-history/events';
import { CommandRejected } from '#api/write/rejection';

/**
 * Admins' private notes on one member (`memberNotes-{memberId}`): each note is added once, under
 * the id the service gave it, with its text trimmed and within the limit. Notes are never
 * edited; the member's deletion of their account makes them unreadable.
 */
export type MemberNoteRejection = 'empty_note';

export class MemberNoteCommandRejected extends CommandRejected<MemberNoteRejection> {
  constructor(reason: MemberNoteRejection) {
    super('member-note', reason);
  }
}

export interface AddMemberNote {
  type: 'AddMemberNote';
  noteId: string;
  memberId: string;
  adminId: string;
  text: string;
}

export interface MemberNotesState {
  noteIds: ReadonlySet<string>;
}

export const memberNotes = {
  initialState: (): MemberNotesState => ({ noteIds: new Set() }),
  evolve: (state: MemberNotesState, event: MemberNoteEvent): MemberNotesState => ({
    noteIds: new Set(state.noteIds).add(event.data.noteId),
  }),
  decide(
    { noteId, memberId, adminId, text }: AddMemberNote,
    state: MemberNotesState,
  ): MemberNoteEvent[] {
    if (state.noteIds.has(noteId)) return [];
    const trimmed = text.trim();
    if (!trimmed || trimmed.length > MEMBER_NOTE_MAX)
      throw new MemberNoteCommandRejected('empty_note');
    return [{ type: 'MemberNoteAdded', data: { noteId, memberId, adminId, text: trimmed } }];
  },
};
