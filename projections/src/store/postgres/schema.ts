import type { ClientBase, Pool, PoolClient } from 'pg';

/** Held while the bookkeeping tables are created, so that stores opening at once take turns. */
const SCHEMA_LOCK = 0x574d_5343; // "WMSC"

/** Bookkeeping tables: active-version pointers, generations with their checkpoints, dead letters. */
const META_TABLES = `
  CREATE TABLE IF NOT EXISTS rm_active (
    projection text PRIMARY KEY,
    generation integer NOT NULL
  );
  CREATE TABLE IF NOT EXISTS rm_generations (
    projection text NOT NULL,
    generation integer NOT NULL,
    version integer NOT NULL,
    collections text[] NOT NULL,
    checkpoint bigint,
    dropped boolean NOT NULL DEFAULT false,
    owner text NOT NULL DEFAULT 'rebuild',
    activated boolean NOT NULL DEFAULT false,
    touched_at bigint NOT NULL,
    PRIMARY KEY (projection, generation)
  );
  CREATE TABLE IF NOT EXISTS rm_dead_letters (
    seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    projection text NOT NULL,
    generation integer NOT NULL,
    position bigint NOT NULL,
    event_id text NOT NULL,
    event_type text NOT NULL,
    error text NOT NULL,
    at text NOT NULL
  );
  CREATE INDEX IF NOT EXISTS rm_dead_letters_projection ON rm_dead_letters (projection, seq);
`;

/**
 * Documents' fields are compared as jsonb, whose strings follow the database's default
 * collation: prefix ranges (`startingWith`) and the order of the other stores need code points.
 */
const CODE_POINT_ORDER = `SELECT '"B"'::jsonb < '"a"'::jsonb AND '"é"'::jsonb > '"z"'::jsonb AS ok`;

/** Runs `work` in a transaction on one of the pool's connections: committed, or rolled back. */
export async function inTransaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    // Copies made, flipped and dropped are bookkeeping others act on: durable before answered.
    await client.query('SET LOCAL synchronous_commit = on');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => (broken = true));
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * Creates the bookkeeping tables where missing (idempotent) and refuses a database whose strings
 * do not sort by code point, with how to make one that does.
 */
export async function prepareDatabase(client: ClientBase): Promise<void> {
  const [order] = (await client.query<{ ok: boolean }>(CODE_POINT_ORDER)).rows;
  if (!order?.ok)
    throw new Error(
      "The PostgreSQL read-model store needs a database that sorts strings by code point: CREATE DATABASE ... TEMPLATE template0 LC_COLLATE 'C' LC_CTYPE 'C'",
    );
  await client.query(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`);
  await client.query(META_TABLES);
}
