/**
 * Small response checks for the screens a reader opens first (the feed, a story, its comments,
 * who is signed in): each checks every field the screen reads, with its type, and keeps only
 * those fields, as the contracts' zod schemas do, in well under a kilobyte of code, so the first
 * data render never waits for zod. Each shape is typed against its contract's type
 * (`object<StoryCard>({...})`): a field missing, of another type or an enum value the contract
 * does not have is a compile error.
 */

/** Checks one value: returns it typed, or throws a ResponseShapeError naming where. */
export type Shape<T> = (value: unknown, path?: string) => T;

export class ResponseShapeError extends Error {
  constructor(path: string, expected: string) {
    super(`Unexpected response: ${path} is not ${expected}`);
    this.name = 'ResponseShapeError';
  }
}

const primitive =
  <T>(kind: 'string' | 'number' | 'boolean'): Shape<T> =>
  (value, path = 'body') => {
    if (typeof value !== kind) throw new ResponseShapeError(path, `a ${kind}`);
    return value as T;
  };

export const string = primitive<string>('string');
export const number = primitive<number>('number');
export const boolean = primitive<boolean>('boolean');

/** One of an enum's values; the record names every value the contract has, no more, no less. */
export function oneOf<T extends string>(values: Record<T, true>): Shape<T> {
  return (value, path = 'body') => {
    if (typeof value !== 'string' || !Object.hasOwn(values, value))
      throw new ResponseShapeError(path, `one of ${Object.keys(values).join(', ')}`);
    return value as T;
  };
}

export function nullable<T>(shape: Shape<T>): Shape<T | null> {
  return (value, path) => (value === null ? null : shape(value, path));
}

export function optional<T>(shape: Shape<T>): Shape<T | undefined> {
  return (value, path) => (value === undefined ? undefined : shape(value, path));
}

export function array<T>(shape: Shape<T>): Shape<T[]> {
  return (value, path = 'body') => {
    if (!Array.isArray(value)) throw new ResponseShapeError(path, 'a list');
    return value.map((item, i) => shape(item, `${path}[${i}]`));
  };
}

/** An object with exactly the contract's fields, each checked; other fields are dropped. */
export function object<T extends object>(fields: { [K in keyof T]-?: Shape<T[K]> }): Shape<T> {
  return (value, path = 'body') => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new ResponseShapeError(path, 'an object');
    const source = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(fields) as Array<keyof T & string>) {
      const checked = fields[key](source[key], `${path}.${key}`);
      if (checked !== undefined) out[key] = checked;
    }
    return out as T;
  };
}
