import type { Database, Statement } from 'better-sqlite3';

/**
 * Prepared statements by their SQL: reads and writes repeat the same few statements, and
 * preparing one costs more than running it. Cleared when tables are dropped.
 */
export class StatementCache {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly db: Database) {}

  get(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      if (this.statements.size > 500) this.statements.clear();
      this.statements.set(sql, statement);
    }
    return statement;
  }

  clear(): void {
    this.statements.clear();
  }
}
