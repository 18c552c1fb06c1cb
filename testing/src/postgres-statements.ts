import pg from 'pg';
import { vi } from 'vitest';

/**
 * Records the text of every statement any PostgreSQL connection of this process sends, in order,
 * until `stop`: what a spec counts to show that work travelled together.
 */
export function recordStatements(): { statements: () => string[]; stop: () => void } {
  const query = vi.spyOn(pg.Client.prototype, 'query');
  const texts = () =>
    query.mock.calls.map(([config]) =>
      typeof config === 'string' ? config : (config as { text: string }).text,
    );
  let stopped: string[] | undefined;
  return {
    statements: () => stopped ?? texts(),
    stop: () => {
      stopped = texts();
      query.mockRestore();
    },
  };
}
