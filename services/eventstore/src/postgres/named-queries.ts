import type { QueryArrayConfig } from 'pg';

const names = new Map<string, string>();

/**
 * A query prepared once per connection and reused by name: the server parses and plans its text
 * once. Each text gets its own name for the life of the process (a name is never reused for
 * another text, which a connection that prepared it would refuse); past 500 texts, the rest run
 * unnamed.
 */
export function named(text: string, values: unknown[]): QueryArrayConfig {
  let name = names.get(text);
  if (name === undefined && names.size < 500) {
    name = `wr_events_${names.size + 1}`;
    names.set(text, name);
  }
  return { ...(name ? { name } : {}), text, values, rowMode: 'array' };
}
