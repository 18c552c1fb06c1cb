/** Up to this many ids are listed one parameter each; more travel as one array. */
const LISTED_IDS = 16;

/**
 * `id` among `ids`, as SQL whose parameters it appends to `values`. A few ids are listed, one
 * text per count: with an array parameter the server cannot know the count from a generic plan,
 * so it planned every call afresh, and the planning cost more than the read (pg_stat_statements).
 * Many ids (a catch-up's batch) travel as one array, so the texts stay few.
 */
export function idIn(ids: readonly string[], values: unknown[]): string {
  if (ids.length > LISTED_IDS) return `id = ANY($${values.push([...ids])}::text[])`;
  return `id IN (${ids.map((id) => `$${values.push(id)}::text`).join(', ')})`;
}
