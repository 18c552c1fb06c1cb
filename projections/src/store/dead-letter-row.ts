import type { DeadLetter } from './port';

/** The dead-letter table's columns after its sequence, in the order `deadLetterValues` gives. */
export const DEAD_LETTER_COLUMNS =
  'projection, generation, position, event_id, event_type, error, at';

/** A dead letter as the SQL stores insert it (see `DEAD_LETTER_COLUMNS`). */
export const deadLetterValues = (letter: DeadLetter) =>
  [
    letter.projection,
    letter.generation,
    letter.position,
    letter.eventId,
    letter.eventType,
    letter.error,
    letter.at,
  ] as const;
