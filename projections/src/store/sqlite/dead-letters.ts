import type { Database } from 'better-sqlite3';
import { DEAD_LETTER_COLUMNS, deadLetterValues } from '../dead-letter-row';
import type { DeadLetter, ReadModelWriter } from '../port';
import { asPromise } from './as-promise';

/** Events a projection could not apply, in `rm_dead_letters`, oldest first. */
export function sqliteDeadLetters(
  db: Database,
): Pick<ReadModelWriter, 'recordDeadLetter' | 'deadLetters'> {
  const insert = db.prepare<[string, number, bigint, string, string, string, string]>(
    `INSERT INTO rm_dead_letters (${DEAD_LETTER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const select = (projection: string | undefined) =>
    db
      .prepare(
        `SELECT projection, generation, position, event_id AS eventId, event_type AS eventType, error, at FROM rm_dead_letters${projection ? ' WHERE projection = ?' : ''} ORDER BY seq`,
      )
      .safeIntegers(true)
      .all(...(projection ? [projection] : [])) as Array<
      Omit<DeadLetter, 'generation'> & { generation: bigint }
    >;
  return {
    recordDeadLetter: (letter) =>
      asPromise(() => {
        insert.run(...deadLetterValues(letter));
      }),
    deadLetters: (projection) =>
      asPromise(() =>
        select(projection).map((row) => ({ ...row, generation: Number(row.generation) })),
      ),
  };
}
