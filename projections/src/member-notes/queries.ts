import type { ReadModels } from '../store/port';
import { MEMBER_NOTES, NOTES_OF_MEMBER, type MemberNoteDoc, type MemberNotesDoc } from './docs';

/** Every read the API makes of the member notes read model. */
export class MemberNoteQueries {
  private readonly notes;

  constructor(models: ReadModels) {
    this.notes = models.collection<MemberNotesDoc>(MEMBER_NOTES, NOTES_OF_MEMBER);
  }

  /** The notes on one member, newest first. */
  async of(memberId: string): Promise<(MemberNoteDoc & { id: string })[]> {
    const doc = await this.notes.get(memberId);
    return Object.entries(doc?.notes ?? {})
      .map(([id, note]) => ({ id, ...note }))
      .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.id.localeCompare(a.id)));
  }
}
