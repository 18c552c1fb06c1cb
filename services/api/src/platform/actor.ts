import { newId, ulid, type IdKind } from '@whosright/contracts/shared/ids';
import type { LateAnswer } from './idempotency/late-answer';
import type { WriteKey } from './idempotency/write-key';

/** Who acts and on behalf of which request: becomes every event's metadata. */
export interface Actor {
  userId?: string;
  visitorId?: string;
  correlationId: string;
  /** When the action happened, if not now (the demo seed back-dates its history). */
  recordedAt?: string;
  /** A request with an Idempotency-Key: how it answers when its read models lag (not metadata). */
  lateAnswer?: LateAnswer;
  /** A request with an Idempotency-Key: the ids its retries make again (not metadata). */
  writeKey?: WriteKey;
}

/** The id of something the actor creates: one its retries make again, when it has a key. */
export function newIdFor(actor: Actor, kind: IdKind): string {
  return actor.writeKey?.newId(kind) ?? newId(kind);
}

/** A plain ULID the actor creates, as `newIdFor`. */
export function newUlidFor(actor: Actor): string {
  return actor.writeKey?.ulid() ?? ulid();
}

/** Actions the server takes by itself (ADMIN_EMAILS at start). */
export const SYSTEM_ACTOR: Actor = { correlationId: 'system' };
