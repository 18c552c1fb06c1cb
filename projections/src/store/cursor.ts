import type { Scalar } from './port';

/** A cursor that is not one this store wrote for this sort: bad input, never a server fault. */
export class InvalidCursorError extends Error {
  constructor() {
    super('Invalid cursor');
    this.name = 'InvalidCursorError';
  }
}

const isScalar = (value: unknown): value is Scalar =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value));

/** A keyset cursor: the sort values and `_id` of the last document of a page. */
export function encodeCursor(values: readonly Scalar[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** The cursor's values, checked to be `length` scalars before any of them reaches a query. */
export function decodeCursor(cursor: string, length: number): Scalar[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    throw new InvalidCursorError();
  }
  if (!Array.isArray(values) || values.length !== length || !values.every(isScalar))
    throw new InvalidCursorError();
  return values;
}

/**
 * A text search's cursor: the last hit's relevance score and what breaks ties between equal
 * scores (the id, or SQLite's rowid).
 */
export function decodeScoreCursor<K extends 'string' | 'number'>(
  cursor: string,
  tie: K,
): { score: number; tie: K extends 'string' ? string : number } {
  const [score, value] = decodeCursor(cursor, 2);
  if (typeof score !== 'number' || typeof value !== tie) throw new InvalidCursorError();
  return { score, tie: value as K extends 'string' ? string : number };
}
