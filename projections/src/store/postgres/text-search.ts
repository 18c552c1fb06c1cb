import type { Pool } from 'pg';
import { decodeScoreCursor, encodeCursor } from '../cursor';
import type { Doc, Page, TextHit, TextIndexSpec, TextSearchCollection } from '../port';
import { MARK_END, MARK_START, piecesOf } from '../text-excerpt';
import { websearchText } from '../websearch-text';
import { ROW, type TableLayouts } from './columns';
import { SqlQuery } from './sql-query';
import { quote } from './tables';
import { textIndexWhere, textOf, vectorOf } from './text-index';

type OnTable = <R>(none: R, read: (table: string) => Promise<R>) => Promise<R>;

/**
 * What `ts_headline` shows: about 24 words around the best match, marked. (Its fragment mode cuts
 * a short text down to the matched words alone.)
 */
const HEADLINE = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=24, MinWords=12, ShortWord=2`;

/**
 * Text search on PostgreSQL: `websearch_to_tsquery` over the collection's GIN index (the same
 * vector expression and partial `where`), ordered by `ts_rank` (higher is more relevant) then
 * id, keyset cursor on both; the excerpt is `ts_headline` of the page's documents only.
 */
export function postgresTextCollection<T extends Doc>(
  pool: Pool,
  layouts: TableLayouts,
  onTable: OnTable,
  index: TextIndexSpec,
): TextSearchCollection<T> {
  return {
    search: (textQuery, options) =>
      onTable<Page<TextHit<T>>>({ items: [] }, async (table) => {
        const layout = await layouts.of(table);
        const query = new SqlQuery(layout);
        const vector = vectorOf(index);
        const tsquery = `websearch_to_tsquery('english'::regconfig, $${query.params.push(websearchText(textQuery))})`;
        const rank = `ts_rank(${vector}, ${tsquery})`;
        const where = [
          `${vector} @@ ${tsquery}`,
          ...textIndexWhere(index, layout),
          ...query.where(options.filter),
        ];
        if (options.after !== undefined) {
          const { score, tie: id } = decodeScoreCursor(options.after, 'string');
          const s = `$${query.params.push(score)}::real`;
          where.push(`(${rank} < ${s} OR (${rank} = ${s} AND id > $${query.params.push(id)}))`);
        }
        const headline = `ts_headline('english'::regconfig, ${textOf(index.field)}, ${tsquery}, $${query.params.push(HEADLINE)})`;
        const limit = `$${query.params.push(Math.trunc(options.limit))}`;
        const text = `SELECT ${ROW}${layout.select}, ${headline}, _score FROM (SELECT *, ${rank} AS _score FROM ${quote(table)} WHERE ${where.join(' AND ')} ORDER BY _score DESC, id LIMIT ${limit}) found ORDER BY _score DESC, id`;
        const { rows } = await pool.query<unknown[]>({
          text,
          values: query.params,
          rowMode: 'array',
        });
        const items = rows.map((row) => {
          const doc = layout.assemble(row.slice(0, -2)) as T;
          return {
            doc,
            excerpt: piecesOf(row[row.length - 2] as string),
            cursor: encodeCursor([row[row.length - 1] as number, doc._id]),
          };
        });
        const page: Page<TextHit<T>> = { items };
        const last = items[items.length - 1];
        if (last && items.length === options.limit) page.next = last.cursor;
        return page;
      }),
  };
}
