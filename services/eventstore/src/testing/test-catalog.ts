import { z } from 'zod';
import { defineEvent, eventCatalog } from '@whosright/contracts/shared/events';

/** Events the contract suite writes. NoteAdded is at version 2; `testCatalogV1` still writes v1. */
export const testEvents = {
  noteAdded: defineEvent('NoteAdded', z.object({ text: z.string(), author: z.string() }), {
    version: 2,
    upcasters: { 1: (data) => ({ ...(data as object), author: 'unknown' }) },
  }),
  counterIncremented: defineEvent('CounterIncremented', z.object({ by: z.number().int() })),
};

export const testCatalog = eventCatalog(testEvents);

export const testCatalogV1 = eventCatalog({
  ...testEvents,
  noteAdded: defineEvent('NoteAdded', z.object({ text: z.string() })),
});

export const testMetadata = { actorId: 'user_test', correlationId: 'corr-test' };

export function counterEvents(count: number, from = 0) {
  return Array.from({ length: count }, (_, i) => ({
    type: 'CounterIncremented',
    data: { by: from + i + 1 },
    metadata: testMetadata,
  }));
}
