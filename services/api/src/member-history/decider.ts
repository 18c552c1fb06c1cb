import type { UserEvent } from '@whosright/contracts/account/events';
import { MEMBER_NOTE_MAX, type MemberNoteEvent } from '@whosright/contracts/member-history/events';
import { commandOn, type Decider, type StreamCommand } from '#api/write/commands';
import { CommandRejected } from '#api/write/rejection';

/**
 * Admins' private notes on one member (`memberNotes-{memberId}`): each note is added once, under
 * the id the service gave it, with its text trimmed and within the limit. Notes are never
 * edited; the member's deletion of their account makes them unreadable.
 */
export type MemberNoteRejection = 'empty_note' | 'member_not_found';

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

interface MemberStanding {
  registered: boolean;
  leaving: boolean;
}

/**
 * "The member is there", as a precondition on their `user-{id}` stream: a note appended with it
 * cannot land after their account's deletion began, so no note outlives the account.
 */
const memberPresent: Decider<MemberStanding, { type: 'AssertMemberPresent' }, UserEvent> = {
  initialState: () => ({ registered: false, leaving: false }),
  evolve(standing, event) {
    switch (event.type) {
      case 'UserRegistered':
        return { ...standing, registered: true };
      case 'AccountDeletionStarted':
      case 'AccountDeleted':
        return { ...standing, leaving: true };
      default:
        return standing;
    }
  },
  decide(_command, { registered, leaving }) {
    if (!registered || leaving) throw new MemberNoteCommandRejected('member_not_found');
    return [];
  },
};

export const memberPresentGuard = (memberId: string): StreamCommand =>
  commandOn(`user-${memberId}`, memberPresent, { type: 'AssertMemberPresent' }, { guard: true });
