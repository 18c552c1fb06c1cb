import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database } from 'better-sqlite3';
import { openSqliteDatabase } from '@whosright/sqlite/database';

/** Beside the event store in DATA_DIR: mails kept until the job queue has taken them. */
export const MAIL_BACKLOG_FILE = 'mail-backlog.sqlite';

/** A kept mail as stored: its JSON is parsed by whoever hands it on. */
export interface KeptMail {
  id: number;
  jobId: string;
  json: string;
}

/**
 * Mails the product promised and the job queue has not taken yet, in a local SQLite file. Every
 * mail is kept here before it is enqueued and removed once the queue has it, so neither a Redis
 * outage nor a crash in between loses it. An entry is claimed while one process hands it on, so
 * processes that share DATA_DIR never enqueue the same entry at once.
 */
export interface MailBacklog {
  /**
   * Keeps `mail` under `jobId`, claimed by the caller for `claimMs`. Undefined when that job id is
   * kept already: the repeat is a no-op.
   */
  keep(mail: unknown, jobId: string, claimMs: number): KeptMail | undefined;
  /** The oldest entry nobody holds, now claimed for `claimMs`; undefined when there is none. */
  claimNext(claimMs: number): KeptMail | undefined;
  /** Gives a claimed entry back (the queue did not take it). */
  release(id: number): void;
  /** Forgets an entry the queue has taken. */
  remove(id: number): void;
  count(): number;
  close(): void;
}

interface Row {
  id: number;
  job_id: string;
  mail: string;
}

const toKept = (row: Row | undefined): KeptMail | undefined =>
  row && { id: row.id, jobId: row.job_id, json: row.mail };

/** Opens (or creates) the backlog file; it holds mail bodies with links, so only its owner reads it. */
export function openMailBacklog(file: string): MailBacklog {
  mkdirSync(dirname(file), { recursive: true });
  closeSync(openSync(file, 'a', 0o600));
  const database: Database = openSqliteDatabase(file);
  database.exec(`CREATE TABLE IF NOT EXISTS mail_backlog (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    job_id TEXT NOT NULL UNIQUE,
    mail TEXT NOT NULL,
    kept_at INTEGER NOT NULL,
    claimed_until INTEGER NOT NULL DEFAULT 0
  )`);
  const insert = database.prepare<[string, string, number, number], Row>(
    `INSERT INTO mail_backlog (job_id, mail, kept_at, claimed_until) VALUES (?, ?, ?, ?)
     ON CONFLICT (job_id) DO NOTHING RETURNING id, job_id, mail`,
  );
  const claim = database.prepare<[number, number], Row>(
    `UPDATE mail_backlog SET claimed_until = ?
     WHERE id = (SELECT id FROM mail_backlog WHERE claimed_until <= ? ORDER BY id LIMIT 1)
     RETURNING id, job_id, mail`,
  );
  const release = database.prepare<[number]>(
    'UPDATE mail_backlog SET claimed_until = 0 WHERE id = ?',
  );
  const remove = database.prepare<[number]>('DELETE FROM mail_backlog WHERE id = ?');
  const count = database.prepare<[], { n: number }>('SELECT count(*) AS n FROM mail_backlog');

  return {
    keep(mail, jobId, claimMs) {
      const now = Date.now();
      return toKept(insert.get(jobId, JSON.stringify(mail), now, now + claimMs));
    },
    claimNext(claimMs) {
      const now = Date.now();
      return toKept(claim.get(now + claimMs, now));
    },
    release: (id) => void release.run(id),
    remove: (id) => void remove.run(id),
    count: () => count.get()?.n ?? 0,
    close: () => database.close(),
  };
}
