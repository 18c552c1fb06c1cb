import type { Database } from 'better-sqlite3';
import { assertName, physicalName } from '../names';
import type {
  CollectionSpec,
  CreateGenerationOptions,
  Generation,
  GenerationSteps,
  ReadModelWriter,
} from '../port';
import type { ActivePointers } from './active-pointers';
import { asPromise } from './as-promise';
import type { TableLayouts } from './columns';
import { createTables, quote, stagedName, tableOf } from './tables';
import { textTableName } from './text-index';

/**
 * The copies of each projection (`rm_generations`: version, collections, checkpoint, owner) and
 * the active-version pointers (`rm_active`). `tablesDropped` runs after tables were dropped:
 * statements prepared on them must go.
 */
export function sqliteGenerations(
  db: Database,
  pointers: ActivePointers,
  layouts: TableLayouts,
  tablesDropped: () => void,
): Pick<ReadModelWriter, GenerationSteps> & {
  checkpointNow: (target: Generation) => bigint | undefined;
} {
  const checkpointOf = db
    .prepare<[string, number], { checkpoint: bigint | null }>(
      'SELECT checkpoint FROM rm_generations WHERE projection = ? AND generation = ?',
    )
    .safeIntegers(true);

  function checkpointNow(target: Generation): bigint | undefined {
    return checkpointOf.get(target.projection, target.generation)?.checkpoint ?? undefined;
  }

  function dropTables(target: Generation): void {
    const row = pointers.row(target.projection, target.generation);
    if (!row) return;
    for (const collection of JSON.parse(row.collections) as string[]) {
      db.exec(`DROP TABLE IF EXISTS ${tableOf(target, collection)}`);
      db.exec(`DROP TABLE IF EXISTS ${quote(stagedName(physicalName(target, collection)))}`);
      db.exec(`DROP TABLE IF EXISTS ${quote(textTableName(physicalName(target, collection)))}`);
    }
    db.prepare('UPDATE rm_generations SET dropped = 1 WHERE projection = ? AND generation = ?').run(
      target.projection,
      target.generation,
    );
    tablesDropped();
  }

  function dropGeneration(target: Generation): void {
    pointers.forget();
    db.transaction(() => {
      if (pointers.storedGeneration(target.projection) === target.generation) {
        db.prepare('DELETE FROM rm_active WHERE projection = ?').run(target.projection);
      }
      dropTables(target);
    }).immediate();
  }

  const createTx = db.transaction(
    (
      projection: string,
      version: number,
      collections: readonly CollectionSpec[],
      options: CreateGenerationOptions,
    ): Generation => {
      const row = db
        .prepare('SELECT max(generation) AS last FROM rm_generations WHERE projection = ?')
        .get(projection) as { last: number | null };
      const generation: Generation = { projection, generation: (row.last ?? 0) + 1, version };
      db.prepare(
        'INSERT INTO rm_generations (projection, generation, version, collections, owner, touched_at) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(
        projection,
        generation.generation,
        version,
        JSON.stringify(collections.map((c) => c.name)),
        options.owner ?? 'rebuild',
        Date.now(),
      );
      createTables(db, generation, collections, !options.deferIndexes, layouts);
      return generation;
    },
  );

  const activateTx = db.transaction(
    (target: Generation, expectedActive: number | null | undefined) => {
      const current = pointers.storedGeneration(target.projection) ?? null;
      if (expectedActive !== undefined && current !== expectedActive) {
        throw new Error(
          `Projection ${target.projection} was switched to generation ${String(current)} meanwhile`,
        );
      }
      if (!pointers.row(target.projection, target.generation))
        throw new Error(`Generation ${target.generation} of ${target.projection} does not exist`);
      db.prepare(
        'INSERT INTO rm_active (projection, generation) VALUES (?, ?) ON CONFLICT (projection) DO UPDATE SET generation = excluded.generation',
      ).run(target.projection, target.generation);
      db.prepare(
        'UPDATE rm_generations SET activated = 1 WHERE projection = ? AND generation = ?',
      ).run(target.projection, target.generation);
      if (current !== null && current !== target.generation)
        dropTables({ projection: target.projection, generation: current, version: 0 });
    },
  );

  return {
    active: (projection) => asPromise(() => pointers.resolve(projection)),

    createGeneration: (projection, version, collections, options = {}) =>
      asPromise(() => {
        assertName('projection', projection);
        return createTx.immediate(projection, version, collections, options);
      }),

    findRunnerBuild: (projection, version) =>
      asPromise(() => {
        const row = db
          .prepare<[string, number], { generation: number }>(
            "SELECT generation FROM rm_generations WHERE projection = ? AND version = ? AND owner = 'runner' AND activated = 0 AND dropped = 0 ORDER BY generation DESC LIMIT 1",
          )
          .get(projection, version);
        return row ? { projection, generation: row.generation, version } : undefined;
      }),

    ensureCollections: (target, collections) =>
      asPromise(() => {
        const droppedStaging = db
          .transaction(() => createTables(db, target, collections, true, layouts))
          .immediate();
        if (droppedStaging) tablesDropped();
      }),

    checkpoint: (target) => asPromise(() => checkpointNow(target)),
    checkpointNow,

    activate: (target, options = {}) =>
      asPromise(() => {
        try {
          activateTx.immediate(target, options.expectedActive);
        } finally {
          pointers.forget();
        }
      }),

    drop: (target) => asPromise(() => dropGeneration(target)),

    touch: (target) =>
      asPromise(() => {
        db.prepare(
          'UPDATE rm_generations SET touched_at = ? WHERE projection = ? AND generation = ?',
        ).run(Date.now(), target.projection, target.generation);
      }),

    dropAbandoned: (touchedBefore) =>
      asPromise(() => {
        const abandoned = db
          .prepare<[number], Generation>(
            "SELECT projection, generation, version FROM rm_generations WHERE owner = 'rebuild' AND activated = 0 AND dropped = 0 AND touched_at < ?",
          )
          .all(touchedBefore);
        for (const target of abandoned) dropGeneration(target);
        return abandoned;
      }),

    collectionNames: (target) =>
      asPromise(() => {
        const row = pointers.row(target.projection, target.generation);
        return row ? (JSON.parse(row.collections) as string[]) : [];
      }),
  };
}
