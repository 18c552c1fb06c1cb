import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { ID_PREFIXES, ulidOf, type IdKind } from '@whosright/contracts/shared/ids';
import { contextOf, requestContextOf } from '../request-context';

/**
 * A write sent with an Idempotency-Key, as its retries will repeat it: the ids it gives what it
 * creates, and the ids of the events it appends, are derived from the key (and the moment its
 * first attempt started), so a retry, after a crash or while the first still runs, makes the
 * same ones and the log tells that it was written (see KeyedAppend). Made per request.
 */
export class WriteKey {
  private ids = 0;
  private appends = 0;
  /** Whether the write appended, or found what its earlier attempt appended: only then is its answer kept. */
  appended = false;

  constructor(
    /** The key's record id: caller, method, path and key, hashed. */
    readonly key: string,
    /** When its first attempt started: every id it makes carries this time. */
    readonly startedAt: number,
  ) {}

  /** The next ULID it creates, as its retries derive it. */
  ulid(): string {
    const digest = createHash('sha256').update(`${this.key}\u0000id\u0000${this.ids++}`).digest();
    return ulidOf(this.startedAt, [...digest.subarray(0, 16)]);
  }

  /** The id of the next thing it creates (a story, a comment, ...), as its retries derive it. */
  newId(kind: IdKind): string {
    return ID_PREFIXES[kind] + this.ulid();
  }

  /** The number of its next append: the event ids of each are derived from the key and it. */
  nextAppend(): number {
    return this.appends++;
  }
}

const WRITE_KEY = Symbol('writeKey');

export function setWriteKey(res: Response, writeKey: WriteKey): void {
  contextOf(res)[WRITE_KEY] = writeKey;
}

/** The request's write key, when it carries an Idempotency-Key. */
export function writeKeyOf(req: Request): WriteKey | undefined {
  return requestContextOf(req)[WRITE_KEY] as WriteKey | undefined;
}
