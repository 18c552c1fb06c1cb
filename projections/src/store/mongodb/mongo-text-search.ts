import type { Db, Document } from 'mongodb';
import { decodeScoreCursor, encodeCursor } from '../cursor';
import type { Doc, Generation, Page, TextHit, TextIndexSpec, TextSearchCollection } from '../port';
import { excerptAround } from '../text-excerpt';
import { getPath } from '../update';
import { websearchText } from '../websearch-text';
import { mongoFilter } from './mongo-query';
import { documentsOf } from './mongo-schema';

const textAt = (doc: Document, field: string) => {
  const value = getPath(doc, field);
  return typeof value === 'string' ? value : '';
};

/** Words of context an excerpt shows around what matched. */
const EXCERPT_WORDS = 24;

/**
 * Text search on MongoDB: `$text` over the collection's text index (partial on the index's
 * `where`, which the match repeats so the index serves it), ordered by `textScore` (higher is
 * more relevant) then id, keyset cursor on both. MongoDB has no highlighter: the excerpt is cut
 * and marked here (`excerptAround`). Its `$text` finds a document with any of the words (ranked
 * by how many); phrases and exclusions hold as elsewhere.
 */
export function mongoTextCollection<T extends Doc>(
  db: Db,
  resolve: () => Promise<Generation | undefined>,
  name: string,
  index: TextIndexSpec,
): TextSearchCollection<T> {
  return {
    async search(query, options) {
      const target = await resolve();
      if (!target) return { items: [] };
      const match: Document = {
        $text: { $search: websearchText(query), $language: 'english' },
        ...mongoFilter(index.where),
        ...mongoFilter(options.filter),
      };
      const pipeline: Document[] = [
        { $match: match },
        { $addFields: { _score: { $meta: 'textScore' } } },
      ];
      if (options.after !== undefined) {
        const { score, tie: id } = decodeScoreCursor(options.after, 'string');
        pipeline.push({
          $match: { $or: [{ _score: { $lt: score } }, { _score: score, _id: { $gt: id } }] },
        });
      }
      pipeline.push(
        { $sort: { _score: -1, _id: 1 } },
        { $limit: Math.trunc(options.limit) },
        { $project: { _pos: 0 } },
      );
      const found = await documentsOf(db, target, name).aggregate(pipeline).toArray();
      const items: TextHit<T>[] = found.map(({ _score, ...doc }) => ({
        doc: doc as T,
        excerpt: excerptAround(textAt(doc, index.field), query, EXCERPT_WORDS),
        cursor: encodeCursor([_score as number, doc._id as string]),
      }));
      const page: Page<TextHit<T>> = { items };
      const last = items[items.length - 1];
      if (last && items.length === options.limit) page.next = last.cursor;
      return page;
    },
  };
}
