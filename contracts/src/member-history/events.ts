import { z } from 'zod';
import { defineEvent, type EventOf } from '../shared/events';
import { writtenBy } from '../shared/forgetting';
import { userIdSchema } from '../shared/ids';
import { MEMBER_NOTE_MAX } from '../shared/constants';

export { MEMBER_NOTE_MAX } from '../shared/constants';

/** The stream of the private notes admins keep on one member. */
export const memberNotesStream = (memberId: string) => `memberNotes-${memberId}`;
export const MEMBER_NOTES_STREAM_PREFIX = 'memberNotes-';

/**
 * Private notes between admins about one member: `memberNotes-{memberId}`. The fields are named
 * `memberId` and `adminId`, not `userId` or `authorId`, so that the note is never counted among
 * the member's own data (their streams, their export).
 */
export const memberNoteEvents = {
  MemberNoteAdded: defineEvent(
    'MemberNoteAdded',
    z.object({
      noteId: z.string().min(1),
      memberId: userIdSchema,
      adminId: userIdSchema,
      text: z.string().min(1).max(MEMBER_NOTE_MAX),
    }),
    // Admins' words, but about the member who left: forgotten with them.
    { forgetting: writtenBy('memberId', 'text') },
  ),
};

export type MemberNoteEvent = EventOf<(typeof memberNoteEvents)[keyof typeof memberNoteEvents]>;
