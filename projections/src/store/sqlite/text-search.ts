import type { Database } from 'better-sqlite3';
import { decodeScoreCursor, encodeCursor } from '../cursor';
import { physicalName } from '../names';
import type { Doc, Generation, Page, TextHit, TextQuery, TextSearchOptions } from '../port';
import { MARK_END, MARK_START, piecesOf } from '../text-excerpt';
import type { ActivePointers } from './active-pointers';
import { asPromise } from './as-promise';
import { ROW, type ColumnLayout, type TableLayouts } from './columns';
import { whereSql, type SqlParam } from './sql-query';
import type { StatementCache } from './statement-cache';
import { quote } from './quote';
import type { SearchThreads } from './search-threads';
import { fts5Match, textTableName } from './text-index';

/** Words of context an excerpt shows around what matched. */
const EXCERPT_WORDS = 24;

interface Hit {
  row: number;
  rank: number;
}

/**
 * Text search on the FTS5 table of the active generation, in two steps. First the page's hits:
 * bm25 order (FTS5's `rank`, lower is more relevant), the rowid breaking ties, keyset cursor on
 * both, the collection's table joined only when the filter reads it. Then, for those rows alone,
 * the documents and FTS5's `snippet` (a snippet computed in the first step would be computed for
 * every match before the sort). Both run on the search threads where the store has some.
 */
export function sqliteTextCollection<T extends Doc>(
  db: Database,
  statements: StatementCache,
  pointers: ActivePointers,
  layouts: TableLayouts,
  resolve: () => Generation | undefined,
  name: string,
  threads?: SearchThreads,
) {
  // On the search threads where there are some, else on this connection.
  const run = (sql: string, params: readonly unknown[], raw: boolean): Promise<unknown[]> =>
    threads
      ? threads.all(sql, params, raw)
      : asPromise(() => {
          const statement = statements.get(sql);
          return (raw ? statement.raw(true) : statement).all(...params);
        });

  function hitsOf(
    physical: string,
    layout: ColumnLayout,
    match: string,
    options: TextSearchOptions,
  ) {
    const text = quote(textTableName(physical));
    const params: SqlParam[] = [match];
    const filter = whereSql(options.filter, params, layout.names);
    const where = [`${text} MATCH ?`, ...filter];
    if (options.after !== undefined) {
      const { score, tie } = decodeScoreCursor(options.after, 'number');
      where.push(`(${text}.rank > ? OR (${text}.rank = ? AND ${text}.rowid > ?))`);
      params.push(score, score, tie);
    }
    const join = filter.length
      ? ` JOIN ${quote(physical)} ON ${quote(physical)}.rowid = ${text}.rowid`
      : '';
    const sql = `SELECT ${text}.rowid AS row, ${text}.rank AS rank FROM ${text}${join} WHERE ${where.join(' AND ')} ORDER BY ${text}.rank, ${text}.rowid LIMIT ${Math.trunc(options.limit)}`;
    return run(sql, params, false) as Promise<Hit[]>;
  }

  async function pageOf(
    physical: string,
    layout: ColumnLayout,
    match: string,
    hits: readonly Hit[],
  ) {
    const text = quote(textTableName(physical));
    const table = quote(physical);
    const rows = (await run(
      `SELECT ${table}.rowid, ${ROW}${layout.select}, snippet(${text}, 0, '${MARK_START}', '${MARK_END}', '…', ${EXCERPT_WORDS}) FROM ${text} JOIN ${table} ON ${table}.rowid = ${text}.rowid WHERE ${text} MATCH ? AND ${text}.rowid IN (${hits.map(() => '?').join(', ')})`,
      [match, ...hits.map((hit) => hit.row)],
      true,
    )) as unknown[][];
    const found = new Map(rows.map((row) => [row[0] as number, row]));
    return hits.flatMap((hit): Array<TextHit<T>> => {
      const row = found.get(hit.row);
      if (!row) return [];
      return [
        {
          doc: layout.assemble(row.slice(1, -1)) as T,
          excerpt: piecesOf(row[row.length - 1] as string),
          cursor: encodeCursor([hit.rank, hit.row]),
        },
      ];
    });
  }

  return {
    search: async (query: TextQuery, options: TextSearchOptions): Promise<Page<TextHit<T>>> => {
      pointers.syncWithOtherConnections();
      const target = resolve();
      if (!target) return { items: [] };
      const physical = physicalName(target, name);
      const layout = layouts.of(physical);
      const match = fts5Match(query);
      const hits = await hitsOf(physical, layout, match, options);
      const items = hits.length ? await pageOf(physical, layout, match, hits) : [];
      const last = hits[hits.length - 1];
      return hits.length === options.limit && last
        ? { items, next: encodeCursor([last.rank, last.row]) }
        : { items };
    },
  };
}
