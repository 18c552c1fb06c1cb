import { ValidationError } from '#api/platform/errors';
import type { Rejections } from '#api/write/rejection';
import type { MemberNoteRejection } from './decider';

/** What a client sees when a note is refused. */
export const memberNoteRejections: Rejections<MemberNoteRejection> = {
  empty_note: () => new ValidationError('Write a note of at most 1000 characters'),
};
