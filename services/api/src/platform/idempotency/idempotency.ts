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

export interface IdempotencyOptions {
  records: IdempotencyRecords;
  /** Whose keys a request uses (see caller.ts). */
  callerOf(req: Request): string;
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
 * runs once per caller, path and key; its answer (status and JSON body) is kept 24 hours and
 * every retry with the same body gets it again, marked `Idempotent-Replayed: true`. The same key
 * with another body is a 422; a retry while the first still runs waits briefly, then 409. An
 * answer of a failure where nothing was saved (a 5xx) or a rate limit is not kept, so a retry
 * runs again. A write that is saved but whose read models lag answers "saved" at once and keeps
 * waiting: the answer it then builds is what retries get, so a retry never appends again.
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
    const id = recordIdOf(options.callerOf(req), req.method, req.originalUrl, key);
    const fingerprint = fingerprintOf(req.body);

    const existing = await firstRequestsRecord(records, id, fingerprint, waitMs);
    if (existing?.state === 'running') throw new IdempotencyInProgressError();
    if (existing) return replay(res, existing.answer);

    // Record writes happen in order: a late answer never lands before the "saved" one.
    let writes: Promise<unknown> = Promise.resolve();
    const write = (work: () => Promise<void>) => (writes = writes.then(work).catch(reported));
    let saved: StoredAnswer | undefined;

    const interceptor = interceptAnswer(res, {
      first: async (answer) => {
        await write(() =>
          answer && replayable(res, answer)
            ? records.keep(id, { state: 'done', fingerprint, answer })
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
