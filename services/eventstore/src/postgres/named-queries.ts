import type { QueryArrayConfig } from 'pg';

/**
 * Queries prepared once per connection and reused by name: the server parses and plans each text
 * once. Each text gets its own name (`<prefix>_<n>`) for the life of the process (a name is never
 * reused for another text, which a connection that prepared it would refuse); past `max` texts,
 * the rest run unnamed.
 */
export function namedQueries(
  prefix: string,
  max = 500,
): (text: string, values: unknown[]) => QueryArrayConfig {
  const names = new Map<string, string>();
  return (text, values) => {
    let name = names.get(text);
    if (name === undefined && names.size < max) {
      name = `${prefix}_${names.size + 1}`;
      names.set(text, name);
    }
    return { ...(name ? { name } : {}), text, values, rowMode: 'array' };
  };
}

/** The event store's queries. */
export const named = namedQueries('wr_events');
