import { decodeCursor, encodeCursor, InvalidCursorError } from '../store/cursor';
import type { Page, ReadModels } from '../store/port';
import { MEMBER_NOTES, NOTES_OF_MEMBER, type MemberNoteDoc, type MemberNotesDoc } from './docs';

export type MemberNote = MemberNoteDoc & { id: string };

type Place = Pick<MemberNote, 'at' | 'id'>;

/** Newest first; among notes of one moment, the later id first. */
const newestFirst = (a: Place, b: Place) =>
  a.at < b.at ? 1 : a.at > b.at ? -1 : b.id.localeCompare(a.id);

/** Where a page ended: the last note's time and id. */
function afterCursor(cursor: string): Place {
  const [at, id] = decodeCursor(cursor, 2);
  if (typeof at !== 'string' || typeof id !== 'string') throw new InvalidCursorError();
  return { at, id };
}

/**
 * Every read the API makes of the member notes read model. A member's notes are one document (so
 * their account's deletion removes them at once); pages are cut from it, newest first.
 */
export class MemberNoteQueries {
  private readonly notes;

  constructor(models: ReadModels) {
    this.notes = models.collection<MemberNotesDoc>(MEMBER_NOTES, NOTES_OF_MEMBER);
  }

  /** A page of the notes on one member, newest first, by keyset cursor (time and id). */
  async page(
    memberId: string,
    request: { cursor?: string | undefined; limit: number },
  ): Promise<Page<MemberNote>> {
    const all = await this.all(memberId);
    const after = request.cursor === undefined ? undefined : afterCursor(request.cursor);
    const start = after ? all.findIndex((note) => newestFirst(note, after) > 0) : 0;
    const from = start === -1 ? all.length : start;
    const items = all.slice(from, from + request.limit);
    const last = items.at(-1);
    const more = from + request.limit < all.length;
    return { items, ...(more && last ? { next: encodeCursor([last.at, last.id]) } : {}) };
  }

  /** How many notes there are on the member. */
  async count(memberId: string): Promise<number> {
    const doc = await this.notes.get(memberId);
    return Object.keys(doc?.notes ?? {}).length;
  }

  /** One note on the member, if it is there. */
  async byId(memberId: string, noteId: string): Promise<MemberNote | undefined> {
    const note = (await this.notes.get(memberId))?.notes[noteId];
    return note ? { id: noteId, ...note } : undefined;
  }

  private async all(memberId: string): Promise<MemberNote[]> {
    const doc = await this.notes.get(memberId);
    return Object.entries(doc?.notes ?? {})
      .map(([id, note]) => ({ id, ...note }))
      .sort(newestFirst);
  }
}
