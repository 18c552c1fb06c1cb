import type { Pool, PoolClient } from 'pg';
import { assertName } from '../names';
import type { Generation, GenerationSteps, ReadModelWriter } from '../port';
import type { TableLayouts } from './columns';
import { createTables, quote, tableOf } from './tables';
import { inTransaction } from './schema';

/** Where a flip or a drop of a projection's active copy is announced, with its name. */
export const POINTER_CHANNEL = 'rm_active_changed';

/** Said in a flip's or a drop's transaction, heard by every process's pointers on commit. */
const announceFlip = (client: PoolClient, projection: string) =>
  client.query('SELECT pg_notify($1, $2)', [POINTER_CHANNEL, projection]);

/** Serializes what allocates, flips or drops one projection's copies, across processes. */
const lockProjection = (client: PoolClient, projection: string) =>
  client.query("SELECT pg_advisory_xact_lock(hashtext('rm_generations'), hashtext($1))", [
    projection,
  ]);

/** The active generation of a projection, read through the pointer. */
export async function activeGeneration(
  pool: Pool,
  projection: string,
): Promise<Generation | undefined> {
  const { rows } = await pool.query<{ generation: number; version: number }>(
    `SELECT g.generation, g.version FROM rm_active a
     JOIN rm_generations g ON g.projection = a.projection AND g.generation = a.generation
     WHERE a.projection = $1 AND NOT g.dropped`,
    [projection],
  );
  const row = rows[0];
  return row ? { projection, generation: row.generation, version: row.version } : undefined;
}

/**
 * The copies of each projection (`rm_generations`: version, collections, checkpoint, owner) and
 * the active-version pointers (`rm_active`). A flip moves the pointer and drops the old copy's
 * tables in one transaction: readers see the old copy or the new one.
 */
export function postgresGenerations(
  pool: Pool,
  layouts: TableLayouts,
): Pick<ReadModelWriter, GenerationSteps> {
  async function dropTables(client: PoolClient, target: Generation): Promise<void> {
    const { rows } = await client.query<{ collections: string[] }>(
      'UPDATE rm_generations SET dropped = true WHERE projection = $1 AND generation = $2 RETURNING collections',
      [target.projection, target.generation],
    );
    for (const collection of rows[0]?.collections ?? [])
      await client.query(`DROP TABLE IF EXISTS ${quote(tableOf(target, collection))}`);
  }

  const dropGeneration = (target: Generation) =>
    inTransaction(pool, async (client) => {
      await lockProjection(client, target.projection);
      await client.query('DELETE FROM rm_active WHERE projection = $1 AND generation = $2', [
        target.projection,
        target.generation,
      ]);
      await dropTables(client, target);
      await announceFlip(client, target.projection);
    });

  return {
    active: (projection) => activeGeneration(pool, projection),

    createGeneration: (projection, version, collections, options = {}) => {
      assertName('projection', projection);
      return inTransaction(pool, async (client) => {
        await lockProjection(client, projection);
        const { rows } = await client.query<{ generation: number }>(
          `INSERT INTO rm_generations (projection, generation, version, collections, owner, touched_at)
           SELECT $1, coalesce(max(generation), 0) + 1, $2, $3, $4, $5 FROM rm_generations WHERE projection = $1
           RETURNING generation`,
          [
            projection,
            version,
            collections.map((c) => c.name),
            options.owner ?? 'rebuild',
            Date.now(),
          ],
        );
        const target: Generation = { projection, generation: rows[0]!.generation, version };
        await createTables(client, target, collections, !options.deferIndexes, layouts);
        return target;
      });
    },

    async findRunnerBuild(projection, version) {
      const { rows } = await pool.query<{ generation: number }>(
        `SELECT generation FROM rm_generations WHERE projection = $1 AND version = $2
         AND owner = 'runner' AND NOT activated AND NOT dropped ORDER BY generation DESC LIMIT 1`,
        [projection, version],
      );
      return rows[0] ? { projection, generation: rows[0].generation, version } : undefined;
    },

    ensureCollections: (target, collections) =>
      inTransaction(pool, async (client) => {
        await createTables(client, target, collections, true, layouts);
        // Kept in the list its drop goes by, should a collection be new to this copy.
        await client.query(
          `UPDATE rm_generations SET collections = ARRAY(SELECT DISTINCT unnest(collections || $3::text[]))
           WHERE projection = $1 AND generation = $2`,
          [target.projection, target.generation, collections.map((c) => c.name)],
        );
      }),

    async checkpoint(target) {
      const { rows } = await pool.query<{ checkpoint: string | null }>(
        'SELECT checkpoint FROM rm_generations WHERE projection = $1 AND generation = $2',
        [target.projection, target.generation],
      );
      const checkpoint = rows[0]?.checkpoint;
      return checkpoint == null ? undefined : BigInt(checkpoint);
    },

    activate: (target, options = {}) =>
      inTransaction(pool, async (client) => {
        await lockProjection(client, target.projection);
        const { rows } = await client.query<{ generation: number }>(
          'SELECT generation FROM rm_active WHERE projection = $1',
          [target.projection],
        );
        const current = rows[0]?.generation ?? null;
        if (options.expectedActive !== undefined && current !== options.expectedActive)
          throw new Error(
            `Projection ${target.projection} was switched to generation ${String(current)} meanwhile`,
          );
        const flipped = await client.query(
          'UPDATE rm_generations SET activated = true WHERE projection = $1 AND generation = $2 AND NOT dropped',
          [target.projection, target.generation],
        );
        if (!flipped.rowCount)
          throw new Error(`Generation ${target.generation} of ${target.projection} does not exist`);
        await client.query(
          `INSERT INTO rm_active (projection, generation) VALUES ($1, $2)
           ON CONFLICT (projection) DO UPDATE SET generation = excluded.generation`,
          [target.projection, target.generation],
        );
        if (current !== null && current !== target.generation)
          await dropTables(client, {
            projection: target.projection,
            generation: current,
            version: 0,
          });
        await announceFlip(client, target.projection);
      }),

    drop: dropGeneration,

    async touch(target) {
      await pool.query(
        'UPDATE rm_generations SET touched_at = $3 WHERE projection = $1 AND generation = $2',
        [target.projection, target.generation, Date.now()],
      );
    },

    async dropAbandoned(touchedBefore) {
      const { rows } = await pool.query<Generation>(
        `SELECT projection, generation, version FROM rm_generations
         WHERE owner = 'rebuild' AND NOT activated AND NOT dropped AND touched_at < $1
         ORDER BY projection, generation`,
        [touchedBefore],
      );
      for (const target of rows) await dropGeneration(target);
      return rows;
    },

    async collectionNames(target) {
      const { rows } = await pool.query<{ collections: string[] }>(
        'SELECT collections FROM rm_generations WHERE projection = $1 AND generation = $2 AND NOT dropped',
        [target.projection, target.generation],
      );
      return rows[0]?.collections ?? [];
    },
  };
}
