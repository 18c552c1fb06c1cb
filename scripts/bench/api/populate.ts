import { join } from 'node:path';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import { newId } from '@whosright/contracts/shared/ids';
import { STORY_CATEGORIES } from '@whosright/contracts/shared/categories';
import { commandOn } from '@whosright/eventstore/command/decide-many';
import { openSqliteDatabase } from '@whosright/sqlite/database';
import { createSqliteEventStore } from '@whosright/eventstore/sqlite/sqlite-event-store';
import { openPostgresEventStore } from '@whosright/eventstore/postgres/postgres-event-store';
import type { EventStore } from '@whosright/eventstore/port';
import { story } from '../../../services/api/src/story/decider';
import { storyPool } from '../../../services/api/src/story/pool-decider';
import { POOL_STREAM } from '../../../services/api/src/story/story-service';
import { SQLITE_FILE } from '../../../services/api/src/app/stores';
import { commandBusOver } from '../../../services/api/src/app/command-bus-over';
import { StreamStates } from '../../../services/api/src/write/stream-states';

/** Ids for `count` stories, in creation order: every server of a run gets the same ones. */
export function newStoryIds(count: number): string[] {
  return Array.from({ length: count }, () => newId('story'));
}

const benchStoryText = (i: number) =>
  `Bench story ${i}: we disagree about whose turn it is to take out the bins, and neither of us will budge. Who is right?`;

/**
 * Writes an approved story for each id into DATA_DIR through the story command handlers (the
 * same deciders and pool the API uses), from this process: the server projects them as it would
 * events from the admin CLI.
 */
export async function populateApprovedStories(
  store: { dataDir: string; databaseUrl?: string | undefined },
  storyIds: readonly string[],
  authorId: string,
  moderatorId: string,
  contentOf: (i: number) => string = benchStoryText,
): Promise<void> {
  const log = await openLog(store);
  const { eventStore } = log;
  const bus = commandBusOver(eventStore, null);
  const pool = new StreamStates(eventStore, storyPool, 1);
  const actor = { correlationId: 'bench' };
  for (const [i, storyId] of storyIds.entries()) {
    const category = STORY_CATEGORIES[i % STORY_CATEGORIES.length]!.value;
    const content = contentOf(i);
    await bus.run(
      `story-${storyId}`,
      story,
      { type: 'SubmitStory', storyId, authorId, content, category },
      actor,
    );
    await bus.runAll(
      [
        commandOn(`story-${storyId}`, story, {
          type: 'ModerateStory',
          storyId,
          moderatorId,
          to: 'approved',
          reason: null,
        }),
        commandOn(
          POOL_STREAM,
          storyPool,
          { type: 'EnsurePooled', storyId, pooled: true },
          { fold: pool.fold },
        ),
      ],
      actor,
    );
  }
  await log.close();
}

/** The server's log: PostgreSQL when it runs on DATABASE_URL, else the SQLite file in DATA_DIR. */
async function openLog({
  dataDir,
  databaseUrl,
}: {
  dataDir: string;
  databaseUrl?: string | undefined;
}): Promise<{ eventStore: EventStore; close(): Promise<void> }> {
  if (databaseUrl) {
    const eventStore = await openPostgresEventStore({
      connectionString: databaseUrl,
      catalog: domainEventCatalog,
    });
    return { eventStore, close: () => eventStore.close() };
  }
  const database = openSqliteDatabase(join(dataDir, SQLITE_FILE));
  const eventStore = createSqliteEventStore({ database, catalog: domainEventCatalog });
  return {
    eventStore,
    async close() {
      await eventStore.close();
      database.close();
    },
  };
}
