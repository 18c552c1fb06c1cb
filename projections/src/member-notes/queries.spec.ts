import { afterEach, describe, expect, it } from 'vitest';
import { encodeCursor, InvalidCursorError } from '../store/cursor';
import { liveDocs } from '../testing/live-docs';
import { openSqliteFixture, type SqliteFixture } from '../testing/sqlite-fixture';
import { NOTES_OF_MEMBER, type MemberNotesDoc } from './docs';
import { memberNotesProjection } from './projection';
import { MemberNoteQueries } from './queries';

const fixtures: SqliteFixture[] = [];
afterEach(async () => {
  await Promise.all(fixtures.splice(0).map((f) => f.dispose()));
});

const ann = 'user_01JC0000000000000000000001';
const admin = 'user_01JC0000000000000000000009';
const at = (minute: number) => `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;

/** Five notes on Ann: n1 to n5, n3 and n4 written in the same moment. */
async function annotated() {
  const f = openSqliteFixture();
  fixtures.push(f);
  const written: Array<[string, string]> = [
    ['n1', at(1)],
    ['n2', at(2)],
    ['n3', at(3)],
    ['n4', at(3)],
    ['n5', at(5)],
  ];
  const notes: MemberNotesDoc['notes'] = Object.fromEntries(
    written.map(([id, when]) => [id, { adminId: admin, text: `Note ${id}`, at: when }]),
  );
  await liveDocs(f.readStore, memberNotesProjection, [
    { collection: NOTES_OF_MEMBER, doc: { _id: ann, notes } },
  ]);
  return new MemberNoteQueries(f.readStore);
}

describe('member note queries', () => {
  it('when the notes are paged they come newest first, each once, the last page without a cursor', async () => {
    const queries = await annotated();
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 3; pages++) {
      const page = await queries.page(ann, { cursor, limit: 2 });
      seen.push(...page.items.map((note) => note.id));
      cursor = page.next;
      if (pages < 2) expect(cursor).toBeDefined();
    }
    expect(seen).toEqual(['n5', 'n4', 'n3', 'n2', 'n1']);
    expect(cursor).toBeUndefined();
    expect(await queries.count(ann)).toBe(5);
    expect(await queries.byId(ann, 'n2')).toEqual({
      id: 'n2',
      adminId: admin,
      text: 'Note n2',
      at: at(2),
    });
  });

  it('when a member has no notes the page is empty and the count 0', async () => {
    const queries = await annotated();
    const nobody = 'user_01JC0000000000000000000002';
    expect(await queries.page(nobody, { limit: 20 })).toEqual({ items: [] });
    expect(await queries.count(nobody)).toBe(0);
    expect(await queries.byId(nobody, 'n1')).toBeUndefined();
  });

  it('when a cursor is not one this list wrote it is refused as invalid', async () => {
    const queries = await annotated();
    await expect(
      queries.page(ann, { cursor: encodeCursor([1, 2, 3]), limit: 2 }),
    ).rejects.toBeInstanceOf(InvalidCursorError);
    await expect(
      queries.page(ann, { cursor: encodeCursor([5, 'n1']), limit: 2 }),
    ).rejects.toBeInstanceOf(InvalidCursorError);
  });
});
