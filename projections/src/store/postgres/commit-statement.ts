/**
 * A read-model commit as one statement: each part a data-modifying CTE, its parameters numbered
 * after the rest. Several commits may add their parts to one statement (see `CommitGroup`).
 */
export class CommitStatement {
  readonly values: unknown[] = [];
  private readonly parts: string[] = [];

  param(value: unknown, type: string): string {
    return `$${this.values.push(value)}::${type}`;
  }

  /** Adds a part; answers its name. */
  with(sql: string): string {
    const name = `w${this.parts.length}`;
    this.parts.push(`${name} AS (${sql})`);
    return name;
  }

  text(select: string): string {
    return `WITH ${this.parts.join(', ')} ${select}`;
  }
}
