import { Long, type Collection, type Db, type Document } from 'mongodb';
import type { DeadLetter, Doc, Generation } from '../port';
import { physicalName } from '../names';

/** `rm_active`: the active generation per projection (`_id`). */
export interface ActiveDoc {
  _id: string;
  generation: number;
}

/** `rm_generations`: one copy of a projection's read model (`_id` = `projection:generation`). */
export interface GenerationDoc {
  _id: string;
  projection: string;
  generation: number;
  version: number;
  collections: string[];
  checkpoint: Long | null;
  dropped: boolean;
  owner: 'runner' | 'rebuild';
  activated: boolean;
  /** Epoch ms a rebuild last marked it as being built; absent on builds from before. */
  touchedAt?: number;
}

export interface DeadLetterDoc extends Omit<DeadLetter, 'position'> {
  position: Long;
}

/** A read-model document as stored: with `_pos`, the position of the last event applied to it. */
export interface StoredDoc extends Document {
  _id: string;
}

export interface MetaCollections {
  actives: Collection<ActiveDoc>;
  generations: Collection<GenerationDoc>;
  deadLetters: Collection<DeadLetterDoc>;
}

export const DUPLICATE_KEY = 11000;

export function metaCollections(db: Db): MetaCollections {
  return {
    actives: db.collection<ActiveDoc>('rm_active'),
    generations: db.collection<GenerationDoc>('rm_generations'),
    deadLetters: db.collection<DeadLetterDoc>('rm_dead_letters'),
  };
}

/** The indexes the bookkeeping collections are read by, and fields older files lack. */
export async function prepareMetaCollections(meta: MetaCollections): Promise<void> {
  await meta.generations.createIndex({ projection: 1, generation: -1 });
  await meta.deadLetters.createIndex({ projection: 1, position: 1 });
  // Builds from before touchedAt count as touched now: one still running gets its full grace.
  await meta.generations.updateMany(
    { touchedAt: { $exists: false } },
    { $set: { touchedAt: Date.now() } },
  );
}

export const generationId = (target: Pick<Generation, 'projection' | 'generation'>) =>
  `${target.projection}:${target.generation}`;

/** The MongoDB collection of one read-model collection of one generation. */
export const documentsOf = (db: Db, target: Generation, collection: string) =>
  db.collection<StoredDoc>(physicalName(target, collection));

export const toLong = (value: bigint) => Long.fromBigInt(value);
export const toBigInt = (value: unknown): bigint | undefined =>
  value instanceof Long ? value.toBigInt() : typeof value === 'number' ? BigInt(value) : undefined;

/** A document as projectors see it: `_pos` (the last applied position) as a bigint. */
export function fromStored(doc: Document): Doc {
  const position = toBigInt(doc._pos);
  return { ...(doc as Doc), ...(position !== undefined ? { _pos: position } : {}) };
}
