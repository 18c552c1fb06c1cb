import { describe, expect, it } from 'vitest';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import { domainLog } from './domain-log';

describe('domainLog', () => {
  it.each([1, 2, 3, 999, 20_000])(
    'yields exactly %i events, each valid against its schema',
    (events) => {
      const log = [...domainLog({ events })];
      expect(log).toHaveLength(events);
      for (const { event } of log) {
        const definition = domainEventCatalog.get(event.type);
        expect(definition, event.type).toBeDefined();
        expect(definition!.schema.safeParse(event.data).success, event.type).toBe(true);
      }
    },
  );
});
