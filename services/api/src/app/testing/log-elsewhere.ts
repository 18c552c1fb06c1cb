import { join } from 'node:path';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import type { EventStore } from '@whosright/eventstore/port';
import { createSqliteEventStore } from '@whosright/eventstore/sqlite/sqlite-event-store';

/**
 * The raw log as another process holds it (the admin CLI, a second API, a crash's leftovers):
 * what a spec appends here reaches a server only through the log, as in production. Slices hold
 * no event store, so their specs open one only through here.
 */
export type LogElsewhere = EventStore;

/** The embedded log of the server whose DATA_DIR is `dataDir`; `':memory:'` opens a fresh one. */
export function openLogElsewhere(dataDir: string): LogElsewhere {
  const file = dataDir === ':memory:' ? dataDir : join(dataDir, 'whosright.sqlite');
  return createSqliteEventStore({ file, catalog: domainEventCatalog });
}
