import type { EventCatalog } from '@whosright/contracts/shared/events';
import type { EventStore } from '@whosright/eventstore/port';
import { openPostgresEventStore } from '@whosright/eventstore/postgres/postgres-event-store';
import type { ReadStore } from '@whosright/projections/store/port';
import { openPostgresReadStore } from '@whosright/projections/store/postgres/postgres-read-store';
import { ConfigError, type DatabaseConfig } from '#api/platform/config';

/** Where `url` points, as a line may show it: host, port and database, never the password. */
function placeOf(url: string): string {
  const { hostname, port, pathname } = new URL(url);
  return `${hostname}:${port || '5432'}${pathname}`;
}

/** The first line of what went wrong, for a one-line refusal. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^PostgreSQL is unavailable: /, '').split('\n')[0]!;
}

/**
 * Both stores on the PostgreSQL database `DATABASE_URL` names (a pool each). A server that
 * cannot be reached or a database that cannot hold the read models is a ConfigError: one line
 * naming the variable, no stack trace.
 */
export async function openPostgresStores(
  database: DatabaseConfig,
  catalog: EventCatalog,
): Promise<{ eventStore: EventStore; readStore: ReadStore }> {
  const refused = (error: unknown) =>
    new ConfigError(
      `DATABASE_URL: cannot use PostgreSQL at ${placeOf(database.url)}: ${reasonOf(error)}`,
    );
  const settings = { connectionString: database.url, poolSize: database.poolSize };
  const eventStore = await openPostgresEventStore({ ...settings, catalog }).catch(
    (error: unknown) => {
      throw refused(error);
    },
  );
  try {
    return { eventStore, readStore: await openPostgresReadStore(settings) };
  } catch (error) {
    await eventStore.close();
    throw refused(error);
  }
}
