import type { Scalar } from './port';

/** A keyset cursor: the sort values and `_id` of the last document of a page. */
export function encodeCursor(values: readonly Scalar[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(cursor: string, length: number): Scalar[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    throw new Error('Invalid cursor');
  }
  if (!Array.isArray(values) || values.length !== length) throw new Error('Invalid cursor');
  return values as Scalar[];
}
