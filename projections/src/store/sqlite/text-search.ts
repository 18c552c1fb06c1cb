import type { Database } from 'better-sqlite3';
import { decodeScoreCursor, encodeCursor } from '../cursor';
import { physicalName } from '../names';
import type { Doc, Generation, Page, TextHit, TextSearchCollection } from '../port';
import { MARK_END, MARK_START, piecesOf } from '../text-excerpt';
import type { ActivePointers } from './active-pointers';
import { asPromise } from './as-promise';
import { ROW, type TableLayouts } from './columns';
import { whereSql, type SqlParam } from './sql-query';
import type { StatementCache } from './statement-cache';
import { quote } from './tables';
import { fts5Match, textTableName } from './text-index';

/** Words of context an excerpt shows around what matched. */
const EXCERPT_WORDS = 24;

/**
 * Text search on the FTS5 table of the active generation: bm25 order (FTS5's `rank`, lower is
 * more relevant), the id breaking ties, keyset cursor on both; the excerpt is FTS5's `snippet`,
 * its marks turned into pieces.
 */
export function sqliteTextCollection<T extends Doc>(
  db: Database,
  statements: StatementCache,
  pointers: ActivePointers,
  layouts: TableLayouts,
  resolve: () => Generation | undefined,
  name: string,
): TextSearchCollection<T> {
  return {
    search: (query, options) =>
      asPromise(() => {
        pointers.syncWithOtherConnections();
        const target = resolve();
        if (!target) return { items: [] };
        const physical = physicalName(target, name);
        const layout = layouts.of(physical);
        const text = quote(textTableName(physical));
        const params: SqlParam[] = [fts5Match(query)];
        const where = [`${text} MATCH ?`, ...whereSql(options.filter, params, layout.names)];
        if (options.after !== undefined) {
          const { score: rank, id } = decodeScoreCursor(options.after);
          where.push(`(${text}.rank > ? OR (${text}.rank = ? AND id > ?))`);
          params.push(rank, rank, id);
        }
        const sql = `SELECT ${ROW}${layout.select}, snippet(${text}, 0, '${MARK_START}', '${MARK_END}', '…', ${EXCERPT_WORDS}), ${text}.rank FROM ${text} JOIN ${quote(physical)} ON ${quote(physical)}.rowid = ${text}.rowid WHERE ${where.join(' AND ')} ORDER BY ${text}.rank, id LIMIT ${Math.trunc(options.limit)}`;
        const rows = statements
          .get(sql)
          .raw(true)
          .all(...params) as unknown[][];
        const items: TextHit<T>[] = rows.map((row) => {
          const doc = layout.assemble(row.slice(0, -2)) as T;
          const rank = row[row.length - 1] as number;
          return {
            doc,
            excerpt: piecesOf(row[row.length - 2] as string),
            cursor: encodeCursor([rank, doc._id]),
          };
        });
        const page: Page<TextHit<T>> = { items };
        const last = items[items.length - 1];
        if (last && items.length === options.limit) page.next = last.cursor;
        return page;
      }),
  };
}
