import type { Notification } from '@whosright/contracts/notification/dto';
import {
  decodeCursor as decodeValues,
  encodeCursor as encodeValues,
  InvalidCursorError,
} from '@whosright/projections/store/cursor';

/** Where a page ended: the last notification's time and id, as the store's cursors are written. */
export type NotificationCursor = Pick<Notification, 'at' | 'id'>;

export function encodeCursor(last: NotificationCursor): string {
  return encodeValues([last.at, last.id]);
}

/** A cursor this list wrote, or 400 as any bad cursor is. */
export function decodeCursor(cursor: string): NotificationCursor {
  const [at, id] = decodeValues(cursor, 2);
  if (typeof at !== 'string' || typeof id !== 'string') throw new InvalidCursorError();
  return { at, id };
}
