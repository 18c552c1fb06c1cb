/** Who acts and on behalf of which request: becomes every event's metadata. */
export interface Actor {
  userId?: string;
  visitorId?: string;
  correlationId: string;
  /** When the action happened, if not now (the demo seed back-dates its history). */
  recordedAt?: string;
}

/** Actions the server takes by itself (ADMIN_EMAILS at start). */
export const SYSTEM_ACTOR: Actor = { correlationId: 'system' };
