import type { Document } from 'mongodb';
import type { Filter, Scalar, Sort } from '../port';

/** Our filter language is a subset of Mongo's, so a filter passes through as is. */
export function mongoFilter(filter: Filter | undefined): Document {
  return { ...(filter ?? {}) };
}

/** Keyset condition "strictly after these sort values", nulls first like SQLite. */
export function afterFilter(sort: Sort, values: readonly Scalar[]): Document {
  const ors: Document[] = [];
  for (let i = 0; i < sort.length; i++) {
    const ands: Document[] = [];
    for (let j = 0; j < i; j++) ands.push({ [sort[j]![0]]: values[j] ?? null });
    const [field, direction] = sort[i]!;
    const v = values[i] ?? null;
    if (direction === 1)
      ands.push(v === null ? { [field]: { $ne: null } } : { [field]: { $gt: v } });
    else if (v === null) ands.push({ _id: { $exists: false } });
    else ands.push({ $or: [{ [field]: { $lt: v } }, { [field]: null }] });
    ors.push(ands.length === 1 ? ands[0]! : { $and: ands });
  }
  return { $or: ors };
}

export function mongoSort(sort: Sort): Array<[string, 1 | -1]> {
  return sort.map(([field, direction]) => [field, direction]);
}
