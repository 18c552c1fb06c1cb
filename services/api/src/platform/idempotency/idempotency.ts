import type { Request, RequestHandler, Response } from 'express';
import { IdempotencyInProgressError, IdempotencyKeyReusedError } from '../errors';
import { contextOf } from '../request-context';
import { IDEMPOTENT_REPLAYED_HEADER, idempotencyKeyOf } from './idempotency-key';
import {
  fingerprintOf,
  recordIdOf,
  type IdempotencyRecord,
  type IdempotencyRecords,
  type StoredAnswer,
} from './idempotency-records';
import { interceptAnswer } from './intercept-answer';
import { setLateAnswer } from './late-answer';
import { setWriteKey, WriteKey } from './write-key';

export interface IdempotencyOptions {
  records: IdempotencyRecords;
  /** Whose keys a request uses (see caller.ts). */
  callerOf(req: Request): string;
  /**
   * When an earlier attempt of the keyed write began, if it appended anything (the command bus
   * reads its events): a retry makes the same ids from that moment.
   */
  startedAt?(key: string): Promise<number | undefined>;
  /** How long a retry waits for the first request's answer before a 409 (default 3 s). */
  waitMs?: number;
  /** How long a write that answered "saved" keeps waiting for its read models (default 60 s). */
  lateAnswerMs?: number;
  /** A record could not be written; the answer goes out all the same. */
  onStoreError?(error: unknown): void;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const POLL_MS = 50;
/** Larger answers are not kept (a write answers a card, a comment or a user: far less). */
const MAX_KEPT_BYTES = 64 * 1024;
const NOT_REPLAYABLE = Symbol('notReplayable');

/**
 * Marks an answer that must not be replayed: one that starts a session (its cookie is never
 * stored). A retry with the key runs again.
 */
export function doNotReplay(res: Response): void {
  contextOf(res)[NOT_REPLAYABLE] = true;
}

/**
 * Idempotent writes (Stripe's model): a POST, PUT, PATCH or DELETE with an `Idempotency-Key`
 * runs once per caller, path and key; the answer of one that appended (status and JSON body) is
 * kept 24 hours, a bounded number per caller, and every retry with the same body gets it again,
 * marked `Idempotent-Replayed: true`. The same key with another body is a 422; a retry while the
 * first still runs waits briefly, then 409. An answer that changed nothing (a refusal, a no-op,
 * a rate limit, a 5xx) is not kept, so a retry runs again and changes nothing either. What makes
 * a retry never append twice is the log itself: the write's ids derive from its key
 * (`WriteKey`), so a retry, after a crash or past the first's claim, finds what was appended
 * and answers from it. A write that is saved but whose read models lag answers "saved" at once
 * and keeps waiting: the answer it then builds is what retries get.
 */
export function idempotency(options: IdempotencyOptions): RequestHandler {
  const { records } = options;
  const waitMs = options.waitMs ?? 3_000;
  const lateAnswerMs = options.lateAnswerMs ?? 60_000;
  const reported = (error: unknown) => options.onStoreError?.(error);

  return async (req, res, next) => {
    if (!WRITES.has(req.method)) return next();
    const key = idempotencyKeyOf(req);
    if (key === undefined) return next();
    const caller = options.callerOf(req);
    const id = recordIdOf(caller, req.method, req.originalUrl, key);
    const fingerprint = fingerprintOf(req.body);

    const existing = await firstRequestsRecord(records, id, fingerprint, waitMs);
    if (existing?.state === 'running') throw new IdempotencyInProgressError();
    if (existing) return replay(res, existing.answer);
    const writeKey = new WriteKey(id, (await options.startedAt?.(id)) ?? Date.now());
    setWriteKey(res, writeKey);

    // Record writes happen in order: a late answer never lands before the "saved" one.
    let writes: Promise<unknown> = Promise.resolve();
    const write = (work: () => Promise<void>) => (writes = writes.then(work).catch(reported));
    let saved: StoredAnswer | undefined;

    const interceptor = interceptAnswer(res, {
      first: async (answer) => {
        // Only what changed state is kept: a refusal or a no-op runs again, changing nothing.
        await write(() =>
          answer && writeKey.appended && replayable(res, answer)
            ? records.keepFor(caller, id, { state: 'done', fingerprint, answer })
            : records.release(id),
        );
      },
      late: (answer) => {
        if (answer.status < 400)
          void write(() => records.keep(id, { state: 'done', fingerprint, answer }));
      },
    });
    setLateAnswer(res, {
      waitMs: lateAnswerMs,
      saved(error) {
        if (saved || res.headersSent) return;
        saved = { status: error.status, body: { message: error.message, code: error.code } };
        const answer = saved;
        interceptor.answerEarly(
          answer,
          write(() => records.keep(id, { state: 'saved', fingerprint, answer })),
        );
      },
      gaveUp() {
        const answer = saved;
        if (answer) void write(() => records.keep(id, { state: 'done', fingerprint, answer }));
      },
    });
    next();
  };
}

/**
 * Claims the key, or waits (briefly) for the first request's answer: undefined when this
 * request is the first, else the record as it stands when the wait ends.
 */
async function firstRequestsRecord(
  records: IdempotencyRecords,
  id: string,
  fingerprint: string,
  waitMs: number,
): Promise<IdempotencyRecord | undefined> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const record = await records.claim(id, fingerprint);
    if (!record) return undefined;
    if (record.fingerprint !== fingerprint) throw new IdempotencyKeyReusedError();
    if (record.state === 'done' || Date.now() >= deadline) return record;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Kept: what the route decided, and "saved" answers; not a failure or a rate limit. */
function replayable(res: Response, answer: StoredAnswer): boolean {
  if (contextOf(res)[NOT_REPLAYABLE] || answer.status === 429) return false;
  if (answer.status >= 500 && codeOf(answer.body) !== 'not_ready') return false;
  return Buffer.byteLength(JSON.stringify(answer.body ?? null)) <= MAX_KEPT_BYTES;
}

function codeOf(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'code' in body ? body.code : undefined;
}

function replay(res: Response, answer: StoredAnswer): void {
  res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
  res.status(answer.status);
  if (answer.body === undefined) res.end();
  else res.json(answer.body);
}
