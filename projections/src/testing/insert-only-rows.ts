import type { CollectionSpec, DocWrite } from '../store/port';

/** An insert-only collection, one row per viewer and story, as seen stories keeps them. */
export const seenRows: CollectionSpec = {
  name: 'seen',
  indexes: [{ fields: [['viewer', 1]] }],
  insertOnly: true,
};

/** The write of one such row, kept if the row is there already. */
export const seenRow = (viewer: string, story: string, position: bigint): DocWrite => ({
  collection: 'seen',
  id: `${viewer} ${story}`,
  doc: { _id: `${viewer} ${story}`, viewer, story },
  position,
  ifAbsent: true,
});
