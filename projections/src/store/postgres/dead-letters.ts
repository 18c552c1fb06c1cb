import type { Pool } from 'pg';
import { DEAD_LETTER_COLUMNS, deadLetterValues } from '../dead-letter-row';
import type { DeadLetter, ReadModelWriter } from '../port';

/** Events a projection could not apply, in `rm_dead_letters`, oldest first. */
export function postgresDeadLetters(
  pool: Pool,
): Pick<ReadModelWriter, 'recordDeadLetter' | 'deadLetters'> {
  return {
    async recordDeadLetter(letter) {
      await pool.query(
        `INSERT INTO rm_dead_letters (${DEAD_LETTER_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [...deadLetterValues(letter)],
      );
    },
    async deadLetters(projection) {
      const { rows } = await pool.query<Omit<DeadLetter, 'position'> & { position: string }>(
        `SELECT projection, generation, position, event_id AS "eventId", event_type AS "eventType", error, at FROM rm_dead_letters${projection ? ' WHERE projection = $1' : ''} ORDER BY seq`,
        projection ? [projection] : [],
      );
      return rows.map((row) => ({ ...row, position: BigInt(row.position) }));
    },
  };
}
