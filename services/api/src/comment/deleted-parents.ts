import type { CommentDoc, ThreadDoc } from '@whosright/projections/comments/docs';
import type { CommentQueries } from '@whosright/projections/comments/queries';

/** How many deleted ancestors in a row are looked up at most (each step is one lookup). */
const MAX_STEPS = 20;

/**
 * The deleted comments that these comments answer, directly or through other deleted ones: shown
 * as "[deleted]" so their replies keep their place. A parent that is not on this page but still
 * live is on another page and is not one of them.
 */
export async function deletedParentsOf(
  comments: Pick<CommentQueries, 'byIds' | 'threadsOf'>,
  docs: ReadonlyArray<Pick<CommentDoc, '_id' | 'parentId'>>,
): Promise<ThreadDoc[]> {
  const known = new Set(docs.map((doc) => doc._id));
  const found: ThreadDoc[] = [];
  let wanted = docs.flatMap((doc) =>
    doc.parentId && !known.has(doc.parentId) ? [doc.parentId] : [],
  );
  for (let step = 0; step < MAX_STEPS && wanted.length > 0; step++) {
    wanted.forEach((id) => known.add(id));
    const live = await comments.byIds(wanted);
    const gone = (await comments.threadsOf(wanted.filter((id) => !live.has(id)))).filter(
      (thread) => thread.deleted === true,
    );
    found.push(...gone);
    wanted = gone.flatMap((t) => (t.parentId && !known.has(t.parentId) ? [t.parentId] : []));
  }
  return found;
}
