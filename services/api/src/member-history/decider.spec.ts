import { describe, it } from 'vitest';
import { deciderSpec } from '#api/testing/decider-spec';
import { MemberNoteCommandRejected, memberNotes, type MemberNoteRejection } from './decider';

const rejected = (reason: MemberNoteRejection) => (error: unknown) =>
  error instanceof MemberNoteCommandRejected && error.reason === reason;

const memberId = 'user_01ARZ3NDEKTSV4RRFFQ69G5FA1';
const adminId = 'user_01ARZ3NDEKTSV4RRFFQ69G5FA2';
const add = (noteId: string, text: string) =>
  ({ type: 'AddMemberNote', noteId, memberId, adminId, text }) as const;
const added = (noteId: string, text: string) => ({
  type: 'MemberNoteAdded' as const,
  data: { noteId, memberId, adminId, text },
});

describe('member notes decider', () => {
  const spec = deciderSpec(memberNotes);

  it('adds a note with its text trimmed', () => {
    spec
      .given([])
      .when(add('n1', '  Warned twice.  '))
      .then([added('n1', 'Warned twice.')]);
  });

  it('adds a note beside earlier ones', () => {
    spec
      .given([added('n1', 'First.')])
      .when(add('n2', 'Second.'))
      .then([added('n2', 'Second.')]);
  });

  it('adds nothing when the same note is decided again', () => {
    spec
      .given([added('n1', 'First.')])
      .when(add('n1', 'First.'))
      .thenNothingHappens();
  });

  it('refuses a blank note or one over 1000 characters', () => {
    spec.given([]).when(add('n1', '   ')).thenThrows(rejected('empty_note'));
    spec
      .given([])
      .when(add('n1', 'x'.repeat(1001)))
      .thenThrows(rejected('empty_note'));
  });
});
