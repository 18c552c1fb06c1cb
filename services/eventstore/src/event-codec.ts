import { newEventId } from './event-id';
import { eventMetadataSchema, upcastAndParse } from '@whosright/contracts/shared/events';
import type {
  EventCatalog,
  EventDefinition,
  EventMetadata,
} from '@whosright/contracts/shared/events';
import type { z } from 'zod';
import { EventTooLarge, InvalidEvent, UnknownEventType, MAX_EVENT_SIZE_BYTES } from './errors';
import type { EventIssue } from './errors';
import type { NewEvent, NewEventMetadata } from './port';

/** A new event checked against the catalog and serialized, ready for any adapter to write. */
export interface PreparedEvent {
  id: string;
  type: string;
  /** Schema version of `data` as written (the definition's current version). */
  version: number;
  data: unknown;
  metadata: EventMetadata;
  dataJson: string;
  metadataJson: string;
  /** `metadata.recordedAt` in epoch milliseconds. */
  recordedAtMs: number;
}

function issuesOf(error: z.ZodError, prefix: string): EventIssue[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
    message: issue.message,
  }));
}

/** Whether the UTF-8 size fits, skipping the exact count when the strings are clearly small enough. */
function fitsIn(data: string, metadata: string, budget: number): boolean {
  return (
    (data.length + metadata.length) * 3 <= budget ||
    Buffer.byteLength(data, 'utf8') + Buffer.byteLength(metadata, 'utf8') <= budget
  );
}

/** eventMetadataSchema without recordedAt: the ISO check dominates the cost and is only needed for a given time. */
const metadataWithoutTime = eventMetadataSchema.omit({ recordedAt: true });
const recordedAtSchema = eventMetadataSchema.shape.recordedAt;

interface CheckedMetadata {
  metadata: EventMetadata;
  json: string;
  recordedAtMs: number;
}

function parseMetadata(
  input: NewEventMetadata,
  defaultTime: { iso: string; ms: number },
): CheckedMetadata | EventIssue[] {
  const rest = metadataWithoutTime.safeParse(input);
  const recordedAt =
    input.recordedAt === undefined ? undefined : recordedAtSchema.safeParse(input.recordedAt);
  if (!rest.success || (recordedAt && !recordedAt.success)) {
    return [
      ...(rest.success ? [] : issuesOf(rest.error, 'metadata')),
      ...(recordedAt?.error ? issuesOf(recordedAt.error, 'metadata.recordedAt') : []),
    ];
  }
  const metadata: EventMetadata = { ...rest.data, recordedAt: recordedAt?.data ?? defaultTime.iso };
  return {
    metadata,
    json: JSON.stringify(metadata),
    recordedAtMs: recordedAt ? Date.parse(metadata.recordedAt) : defaultTime.ms,
  };
}

/**
 * Validates a whole batch before anything is written: known type, data through the event's zod
 * schema, metadata through the shared metadata schema, and the serialized size limit.
 */
export function prepareEvents(
  catalog: EventCatalog,
  events: readonly NewEvent[],
  now: Date = new Date(),
): PreparedEvent[] {
  const defaultTime = { iso: now.toISOString(), ms: now.getTime() };
  const prepared = new Array<PreparedEvent>(events.length);
  // Events of one batch usually share their metadata object: validate and serialize it once.
  // (Plain loop, no closures: this runs once per appended event.)
  let lastInput: NewEventMetadata | undefined;
  let checked: CheckedMetadata | EventIssue[] = [];
  for (let i = 0; i < events.length; i++) {
    const event = events[i]!;
    const definition = catalog.get(event.type);
    if (!definition) throw new UnknownEventType(event.type);
    const data = definition.schema.safeParse(event.data);
    if (event.metadata !== lastInput) {
      checked = parseMetadata(event.metadata, defaultTime);
      lastInput = event.metadata;
    }
    if (!data.success || Array.isArray(checked)) {
      throw new InvalidEvent(event.type, [
        ...(data.success ? [] : issuesOf(data.error, 'data')),
        ...(Array.isArray(checked) ? checked : []),
      ]);
    }
    const dataJson = JSON.stringify(data.data);
    if (!fitsIn(dataJson, checked.json, MAX_EVENT_SIZE_BYTES)) {
      throw new EventTooLarge(
        event.type,
        Buffer.byteLength(dataJson, 'utf8') + Buffer.byteLength(checked.json, 'utf8'),
      );
    }
    prepared[i] = {
      id: event.id ?? newEventId(),
      type: event.type,
      version: definition.version,
      data: data.data,
      metadata: checked.metadata,
      dataJson,
      metadataJson: checked.json,
      recordedAtMs: checked.recordedAtMs,
    };
  }
  return prepared;
}

/**
 * Reads stored data back: lifts an old schema version through the upcasters and parses it with
 * the current zod schema. Metadata was validated on write and is trusted as stored.
 */
export function decodeData(
  catalog: EventCatalog,
  type: string,
  version: number,
  data: unknown,
): unknown {
  const definition: EventDefinition | undefined = catalog.get(type);
  if (!definition) throw new UnknownEventType(type);
  if (version === definition.version) return definition.schema.parse(data);
  return upcastAndParse(definition, version, data);
}

/** Epoch milliseconds of an ISO time given as a read bound, with a clear error when invalid. */
export function parseUntil(until: string): number {
  const ms = Date.parse(until);
  if (Number.isNaN(ms)) throw new RangeError(`readAll until: "${until}" is not an ISO date-time`);
  return ms;
}
