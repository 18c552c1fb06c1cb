import { jsonEvent } from '@kurrent/kurrentdb-client';
import type {
  EventData,
  JSONType,
  ResolvedEvent,
  AllStreamResolvedEvent,
} from '@kurrent/kurrentdb-client';
import type { EventCatalog, EventMetadata } from '@whosright/contracts/shared/events';
import type { PreparedEvent } from '../event-codec';
import { decodeData } from '../event-codec';
import type { RecordedEvent } from '../port';

/** Metadata keys the store adds beside the event's own metadata. */
const SCHEMA_VERSION = 'schemaVersion';

export function toEventData(event: PreparedEvent): EventData {
  const { correlationId, causationId } = event.metadata;
  return jsonEvent({
    id: event.id,
    type: event.type,
    data: event.data as JSONType,
    // $correlationId / $causationId are the names KurrentDB's own projections understand.
    metadata: {
      ...event.metadata,
      [SCHEMA_VERSION]: event.version,
      $correlationId: correlationId,
      ...(causationId ? { $causationId: causationId } : {}),
    },
  });
}

export function isSystemEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): boolean {
  const event = resolved.event;
  return !event || event.type.startsWith('$') || event.streamId.startsWith('$');
}

/** A stored KurrentDB event back as a port event: upcast, parsed, commit position as bigint. */
export function fromResolvedEvent(
  catalog: EventCatalog,
  resolved: ResolvedEvent | AllStreamResolvedEvent,
): RecordedEvent {
  const event = resolved.event;
  if (!event) throw new Error('KurrentDB returned an unresolved link event');
  const stored = (
    event.isJson && event.metadata && typeof event.metadata === 'object' ? event.metadata : {}
  ) as Record<string, unknown>;
  const {
    [SCHEMA_VERSION]: version,
    $correlationId: _correlation,
    $causationId: _causation,
    ...metadata
  } = stored;
  const position = event.position?.commit ?? resolved.commitPosition;
  if (position === undefined)
    throw new Error('KurrentDB did not return an event position (server older than 22.6?)');
  const data: unknown = event.isJson
    ? event.data
    : JSON.parse(Buffer.from(event.data).toString('utf8'));
  return {
    id: event.id,
    stream: event.streamId,
    type: event.type,
    data: decodeData(catalog, event.type, typeof version === 'number' ? version : 1, data),
    metadata: metadata as EventMetadata,
    revision: event.revision,
    position,
  };
}
