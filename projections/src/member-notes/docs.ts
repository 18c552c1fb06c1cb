import type { Doc } from '../store/port';

export const MEMBER_NOTES = 'member-notes';
export const NOTES_OF_MEMBER = 'notes';

export interface MemberNoteDoc {
  adminId: string;
  text: string;
  at: string;
}

/** The private notes admins keep on one member (`_id` is the member's id), by note id. */
export interface MemberNotesDoc extends Doc {
  notes: Record<string, MemberNoteDoc>;
}
