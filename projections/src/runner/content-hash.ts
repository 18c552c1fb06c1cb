import { createHash } from 'node:crypto';
import type { Doc, Generation, ReadModelWriter, ReadModels } from '../store/port';

/** The faces a content hash reads through: collection names (writer) and generation readers. */
type Readable = ReadModels & Pick<ReadModelWriter, 'collectionNames'>;

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** Every document of every collection in `_id` order, each serialized with sorted keys. */
export async function* readModelDocuments(
  store: Readable,
  target: Generation,
): AsyncIterable<{ collection: string; doc: Doc }> {
  for (const collection of (await store.collectionNames(target)).sort()) {
    const reader = store.generationCollection(target, collection);
    let after: string | undefined;
    do {
      const page = await reader.find(
        {},
        { sort: [['_id', 1]], limit: 1_000, ...(after ? { after } : {}) },
      );
      for (const doc of page.items) yield { collection, doc };
      after = page.next;
    } while (after);
  }
}

/** A content hash of a read model: equal hashes mean identical documents in every collection. */
export async function readModelHash(store: Readable, target: Generation): Promise<string> {
  const hash = createHash('sha256');
  for await (const { collection, doc } of readModelDocuments(store, target)) {
    hash.update(`${collection}\u0000${JSON.stringify(canonical(doc))}\n`);
  }
  return hash.digest('hex');
}
