import type { Router } from 'express';
import type { SessionQueries } from '@whosright/projections/sessions/queries';
import type { UserQueries } from '@whosright/projections/users/queries';
import type { Actor } from '#api/platform/actor';
import { authentication } from '#api/platform/auth';
import { idempotencyCallerOf } from '#api/platform/idempotency/caller';
import { idempotency } from '#api/platform/idempotency/idempotency';
import { IdempotencyRecords } from '#api/platform/idempotency/idempotency-records';
import type { KeyValueStore } from '#api/platform/kv/key-value-store';
import type { Logger } from '#api/platform/logger';
import type { SessionTokens } from '#api/platform/session-tokens';
import type { Visitors } from '#api/platform/visitor';
import type { CommandBus } from '#api/write/command-bus';

export interface RequestEdgeDeps {
  sessions: SessionQueries;
  users: UserQueries;
  tokens: SessionTokens;
  publicUrl: string;
  renewSession(sessionId: string, expiresAt: Date, actor: Actor): Promise<void>;
  idempotencyStore: KeyValueStore;
  visitors: Visitors;
  bus: Pick<CommandBus, 'keyedWriteStartedAt'>;
  logger: Logger;
}

/** What every slice's route runs behind: who the caller is, then their retried writes' answers. */
export function requestEdge(router: Router, deps: RequestEdgeDeps): void {
  router.use(
    authentication({
      sessions: deps.sessions,
      users: deps.users,
      tokens: deps.tokens,
      publicUrl: deps.publicUrl,
      renew: (sessionId, expiresAt, actor) => deps.renewSession(sessionId, expiresAt, actor),
    }),
    // Keys are the caller's, so this runs once the caller is known; before the rate
    // limits, so that a retry answered from its key does not use up the allowance.
    idempotency({
      records: new IdempotencyRecords(deps.idempotencyStore),
      callerOf: idempotencyCallerOf(deps.visitors),
      startedAt: (key) => deps.bus.keyedWriteStartedAt(key),
      onStoreError: (error) =>
        deps.logger.warn({ err: error }, 'an idempotency record could not be written'),
    }),
  );
}
