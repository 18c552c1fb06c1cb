import type { ReadModelWriter } from '../port';
import { toBigInt, toLong, type MetaCollections } from './mongo-schema';

/** Events a projection could not apply, in `rm_dead_letters`, oldest first. */
export function mongoDeadLetters({
  deadLetters,
}: MetaCollections): Pick<ReadModelWriter, 'recordDeadLetter' | 'deadLetters'> {
  return {
    async recordDeadLetter(letter) {
      await deadLetters.insertOne({ ...letter, position: toLong(letter.position) });
    },

    async deadLetters(projection) {
      const rows = await deadLetters
        .find(projection ? { projection } : {}, { projection: { _id: 0 } })
        .sort({ _id: 1 })
        .toArray();
      return rows.map((row) => ({ ...row, position: toBigInt(row.position) ?? 0n }));
    },
  };
}
