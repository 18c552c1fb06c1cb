import type { RecordedEvent } from '@whosright/eventstore/port';

/** The recorded form of a union of domain events, so `apply` can switch on `type`. */
export type Recorded<E extends { type: string; data: unknown }> = E extends unknown
  ? RecordedEvent<E['type'], E['data']>
  : never;
