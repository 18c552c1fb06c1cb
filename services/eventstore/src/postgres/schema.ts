import type { ClientBase } from 'pg';

/** The channel appends notify, with the new head position as the payload. */
export const APPENDED_CHANNEL = 'wr_events_appended';

/**
 * Held (transaction-scoped) by every append from taking its positions until its commit, so that
 * appends commit in position order (see the decision "PostgreSQL positions are taken under a
 * lock held until commit"). A key of this store's own: advisory locks are per database.
 */
const APPEND_LOCK = 0x5752_4556; // "WREV"
/** Held while the schema is created, so that stores opening at once do not collide. */
const SCHEMA_LOCK = 0x5752_5343; // "WRSC"

/** SQLSTATEs the append function raises (`WR` is no standard class). */
export const WRONG_EXPECTED_VERSION = 'WRVER';
export const DUPLICATE_EVENT_ID = 'WRDUP';

/**
 * The event log. `position` is the global order, taken under `APPEND_LOCK` as one past the head.
 * `data` and `metadata` are `json`, not `jsonb`: stored as the text written (nothing reads into
 * them, and `jsonb` refuses a `\u0000` a string may hold). `recorded_at` is metadata.recordedAt
 * in epoch ms, for `readAll({ until })`.
 */
const TABLES = `
  CREATE TABLE IF NOT EXISTS events (
    position bigint PRIMARY KEY,
    id text NOT NULL,
    stream text NOT NULL,
    revision bigint NOT NULL,
    type text NOT NULL,
    version integer NOT NULL,
    data json NOT NULL,
    metadata json NOT NULL,
    recorded_at bigint NOT NULL,
    CONSTRAINT events_stream_revision UNIQUE (stream, revision),
    CONSTRAINT events_id UNIQUE (id)
  );
  CREATE INDEX IF NOT EXISTS events_type_position ON events (type, position);
`;

const EXPECTATION_HOLDS = `
  CREATE OR REPLACE FUNCTION wr_expectation_holds(expected text, actual bigint) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE expected
      WHEN 'any' THEN true
      WHEN 'no_stream' THEN actual IS NULL
      WHEN 'exists' THEN actual IS NOT NULL
      ELSE actual IS NOT DISTINCT FROM expected::bigint
    END
  $$;
`;

/**
 * One call appends to every stream of `appends` (a JSON array of
 * `{ stream, expected, events: [{ id, type, version, data, metadata, recordedAt }] }`, `expected`
 * being 'any', 'no_stream', 'exists' or a revision) or to none, and answers each stream's last
 * revision and position. A retry of an append that succeeded (same ids, same place, an
 * expectation that held for the original) is answered with the original result. A failed
 * expectation raises WRVER (detail: the append's index and the stream's last revision), a first
 * id stored elsewhere WRDUP (detail: the id); any other id stored already fails the insert on
 * `events_id`.
 */
const APPEND_FUNCTION = `
  CREATE OR REPLACE FUNCTION wr_append_events(appends json)
  RETURNS TABLE (next_revision bigint, last_position bigint)
  LANGUAGE plpgsql AS $$
  DECLARE
    append json;
    idx integer := -1;
    n_events integer;
    stream_name text;
    expected text;
    actual bigint;
    actual_position bigint;
    first_stream text;
    first_revision bigint;
    retried integer;
    head bigint;
    appended boolean := false;
  BEGIN
    IF EXISTS (SELECT 1 FROM json_array_elements(appends) a WHERE json_array_length(a->'events') > 0) THEN
      PERFORM pg_advisory_xact_lock(${APPEND_LOCK});
    END IF;
    -- Read after the lock: each statement sees what the lock's previous holder committed.
    SELECT coalesce(max(position), 0) INTO head FROM events;
    FOR append IN SELECT value FROM json_array_elements(appends) LOOP
      idx := idx + 1;
      stream_name := append->>'stream';
      expected := append->>'expected';
      n_events := json_array_length(append->'events');
      SELECT e.revision, e.position INTO actual, actual_position
        FROM events e WHERE e.stream = stream_name ORDER BY e.revision DESC LIMIT 1;
      IF n_events > 0 THEN
        SELECT e.stream, e.revision INTO first_stream, first_revision
          FROM events e WHERE e.id = append->'events'->0->>'id';
        IF FOUND THEN
          IF first_stream = stream_name AND wr_expectation_holds(expected, nullif(first_revision - 1, -1)) THEN
            SELECT count(*), max(e.position) INTO retried, last_position
              FROM json_array_elements(append->'events') WITH ORDINALITY AS x(event, k)
              JOIN events e ON e.id = x.event->>'id'
              WHERE e.stream = stream_name AND e.revision = first_revision + x.k - 1;
            IF retried = n_events THEN
              next_revision := first_revision + n_events - 1;
              RETURN NEXT;
              CONTINUE;
            END IF;
          END IF;
          IF wr_expectation_holds(expected, actual) THEN
            RAISE EXCEPTION 'Event id % is already stored', append->'events'->0->>'id'
              USING ERRCODE = '${DUPLICATE_EVENT_ID}', DETAIL = append->'events'->0->>'id';
          END IF;
        END IF;
      END IF;
      IF NOT wr_expectation_holds(expected, actual) THEN
        RAISE EXCEPTION 'Wrong expected version on %', stream_name
          USING ERRCODE = '${WRONG_EXPECTED_VERSION}',
                DETAIL = json_build_object('index', idx, 'actual', actual::text)::text;
      END IF;
      IF n_events = 0 THEN
        next_revision := coalesce(actual, -1);
        last_position := coalesce(actual_position, 0);
        RETURN NEXT;
        CONTINUE;
      END IF;
      INSERT INTO events (position, id, stream, revision, type, version, data, metadata, recorded_at)
        SELECT head + x.k, x.id, stream_name, coalesce(actual, -1) + x.k, x.type, x.version,
               x.data, x.metadata, x.recorded_at
        FROM ROWS FROM (json_to_recordset(append->'events')
          AS (id text, type text, version integer, data json, metadata json, "recordedAt" bigint))
          WITH ORDINALITY AS x(id, type, version, data, metadata, recorded_at, k);
      head := head + n_events;
      appended := true;
      next_revision := coalesce(actual, -1) + n_events;
      last_position := head;
      RETURN NEXT;
    END LOOP;
    IF appended THEN
      PERFORM pg_notify('${APPENDED_CHANNEL}', head::text);
    END IF;
  END
  $$;
`;

/**
 * Several appends in one call and one transaction, each all or nothing on its own: each is a
 * call of `wr_append_events` in a block of its own (a subtransaction), so one that is refused
 * rolls back alone and answers its error (SQLSTATE, detail, message, constraint) on its row
 * instead of its results. The append lock, taken by the first that writes, is held to the end.
 */
const APPEND_BATCHES_FUNCTION = `
  CREATE OR REPLACE FUNCTION wr_append_batches(batches json)
  RETURNS TABLE (batch integer, next_revision bigint, last_position bigint,
                 error_code text, error_detail text, error_message text, error_constraint text)
  LANGUAGE plpgsql AS $$
  DECLARE
    appends json;
    answered json;
    answer json;
  BEGIN
    batch := -1;
    FOR appends IN SELECT value FROM json_array_elements(batches) LOOP
      batch := batch + 1;
      BEGIN
        SELECT json_agg(json_build_array(r.next_revision, r.last_position) ORDER BY r.k)
          INTO answered
          FROM wr_append_events(appends) WITH ORDINALITY AS r(next_revision, last_position, k);
        error_code := NULL;
        error_detail := NULL;
        error_message := NULL;
        error_constraint := NULL;
        FOR answer IN SELECT value FROM json_array_elements(coalesce(answered, '[]')) LOOP
          next_revision := (answer->>0)::bigint;
          last_position := (answer->>1)::bigint;
          RETURN NEXT;
        END LOOP;
      EXCEPTION WHEN OTHERS THEN
        GET STACKED DIAGNOSTICS error_code = RETURNED_SQLSTATE, error_detail = PG_EXCEPTION_DETAIL,
          error_message = MESSAGE_TEXT, error_constraint = CONSTRAINT_NAME;
        next_revision := NULL;
        last_position := NULL;
        RETURN NEXT;
      END;
    END LOOP;
  END
  $$;
`;

/**
 * Creates the log's table, index and functions where they are missing (idempotent), under a lock
 * so that stores opening at the same moment take turns.
 */
export async function migrateEventsSchema(client: ClientBase): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`);
    await client.query(TABLES);
    await client.query(EXPECTATION_HOLDS);
    await client.query(APPEND_FUNCTION);
    await client.query(APPEND_BATCHES_FUNCTION);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
