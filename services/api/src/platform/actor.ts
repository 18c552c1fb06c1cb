import type { LateAnswer } from './idempotency/late-answer';

/** Who acts and on behalf of which request: becomes every event's metadata. */
export interface Actor {
  userId?: string;
  visitorId?: string;
  correlationId: string;
  /** When the action happened, if not now (the demo seed back-dates its history). */
  recordedAt?: string;
  /** A request with an Idempotency-Key: how it answers when its read models lag (not metadata). */
  lateAnswer?: LateAnswer;
}

/** Actions the server takes by itself (ADMIN_EMAILS at start). */
export const SYSTEM_ACTOR: Actor = { correlationId: 'system' };
