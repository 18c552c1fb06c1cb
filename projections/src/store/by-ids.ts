import type { Doc, ReadCollection } from './port';

/** The documents of these ids (each asked once), in one `_id $in` lookup: a page's worth. */
export async function findByIds<T extends Doc>(
  collection: ReadCollection<T>,
  ids: readonly string[],
): Promise<T[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return (await collection.find({ _id: { $in: unique } }, { limit: unique.length })).items;
}
