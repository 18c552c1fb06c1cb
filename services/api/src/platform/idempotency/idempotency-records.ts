import { createHash } from 'node:crypto';
import type { KeyValueStore } from '../kv/key-value-store';

/** A stored answer: its status and JSON body (undefined for an empty answer such as a 204). */
export interface StoredAnswer {
  status: number;
  body?: unknown;
}

/**
 * What a key holds: `running` while the first request runs; `saved` once it answered that the
 * write is saved but its read models lag (the handler's own answer may still follow); `done`
 * with the answer every retry gets.
 */
export type IdempotencyRecord =
  | { state: 'running'; fingerprint: string }
  | { state: 'saved' | 'done'; fingerprint: string; answer: StoredAnswer };

/** How long a finished answer is kept for retries. */
export const ANSWER_TTL_MS = 24 * 60 * 60_000;
/**
 * A claim a crashed process left behind frees its key after this long. Short: a retry that runs
 * beside a first attempt still running finds its appends in the log (see WriteKey).
 */
export const RUNNING_TTL_MS = 30_000;
/** Answers kept per caller in ANSWER_TTL_MS; past it answers go unkept (the log still dedupes). */
export const KEPT_PER_CALLER = 2_000;

const hash = (text: string) => createHash('sha256').update(text).digest('base64url');

/** The record's name: one per caller, method, path and key (hashed: no ids or keys in the store). */
export function recordIdOf(caller: string, method: string, path: string, key: string): string {
  return `idempotency:${hash(JSON.stringify([caller, method, path, key]))}`;
}

/** What a retry must repeat exactly: the request body as parsed. */
export function fingerprintOf(body: unknown): string {
  return hash(JSON.stringify(body ?? null));
}

/** The idempotency records in the key-value store (SQLite embedded, Redis in scale mode). */
export class IdempotencyRecords {
  constructor(private readonly store: KeyValueStore) {}

  /** Claims the key for a first request: undefined when claimed, else the record it holds. */
  async claim(id: string, fingerprint: string): Promise<IdempotencyRecord | undefined> {
    const running: IdempotencyRecord = { state: 'running', fingerprint };
    if (await this.store.setIfAbsent(id, JSON.stringify(running), RUNNING_TTL_MS)) return undefined;
    // Gone in between (expired or released): claim it now.
    return (await this.get(id)) ?? this.claim(id, fingerprint);
  }

  async get(id: string): Promise<IdempotencyRecord | undefined> {
    const text = await this.store.get(id);
    return text === undefined ? undefined : (JSON.parse(text) as IdempotencyRecord);
  }

  async keep(id: string, record: IdempotencyRecord & { state: 'saved' | 'done' }): Promise<void> {
    await this.store.set(id, JSON.stringify(record), ANSWER_TTL_MS);
  }

  /**
   * Keeps the caller's answer while fewer than KEPT_PER_CALLER of theirs were kept with no pause
   * of ANSWER_TTL_MS between (counted roughly: two at once may both pass); else frees the key.
   */
  async keepFor(
    caller: string,
    id: string,
    record: IdempotencyRecord & { state: 'done' },
  ): Promise<void> {
    const counter = `idempotency-kept:${hash(caller)}`;
    const kept = Number((await this.store.get(counter)) ?? 0);
    if (kept >= KEPT_PER_CALLER) return this.release(id);
    await this.store.set(counter, String(kept + 1), ANSWER_TTL_MS);
    await this.keep(id, record);
  }

  /** Frees the key: the next request with it runs as a first one. */
  async release(id: string): Promise<void> {
    await this.store.delete(id);
  }
}
