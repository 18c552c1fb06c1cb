import type { EventStore } from '@whosright/eventstore/port';
import { Counter, type Registry } from 'prom-client';

/** The event store, counting what this process appends by event type. */
export function countingAppends(eventStore: EventStore, registry: Registry): EventStore {
  const appended = new Counter({
    name: 'whosright_events_appended_total',
    help: 'Events this process appended to the log, by type.',
    labelNames: ['type'] as const,
    registers: [registry],
  });
  const count = (events: readonly { type: string }[]) => {
    for (const event of events) appended.inc({ type: event.type });
  };
  const counted: EventStore = {
    ...eventStore,
    async append(stream, events, expected) {
      const result = await eventStore.append(stream, events, expected);
      count(events);
      return result;
    },
  };
  if (eventStore.appendAll)
    counted.appendAll = async (appends) => {
      const results = await eventStore.appendAll!(appends);
      for (const a of appends) count(a.events);
      return results;
    };
  return counted;
}
