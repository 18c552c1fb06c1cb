import { z } from 'zod';
import type { Forgetting } from './forgetting';

/**
 * Metadata every event carries: who acted (a user id, or an anonymous
 * visitor id), which request it belongs to, what caused it, and when it was recorded.
 */
export const eventMetadataSchema = z.object({
  actorId: z.string().min(1).optional(),
  visitorId: z.string().min(1).optional(),
  correlationId: z.string().min(1),
  causationId: z.string().min(1).optional(),
  recordedAt: z.iso.datetime(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/** Turns the data of version N of an event into version N + 1. */
export type Upcaster = (data: unknown) => unknown;

/**
 * One event type: its current schema version and zod schema for its data, plus upcasters that
 * lift older stored versions (`upcasters[n]` turns version n into n + 1). A change to an event
 * adds a version and an upcaster; the log is never rewritten.
 */
export interface EventDefinition<TType extends string = string, TData = unknown> {
  readonly type: TType;
  readonly version: number;
  readonly schema: z.ZodType<TData>;
  readonly upcasters: Readonly<Record<number, Upcaster>>;
  /** How its data is read once a member it carries deleted their account (see forgetting.ts). */
  readonly forgetting?: Forgetting<TData>;
}

export function defineEvent<TType extends string, TSchema extends z.ZodType>(
  type: TType,
  schema: TSchema,
  options: {
    version?: number;
    upcasters?: Record<number, Upcaster>;
    forgetting?: Forgetting<z.infer<TSchema>>;
  } = {},
): EventDefinition<TType, z.infer<TSchema>> {
  return {
    type,
    schema: schema as z.ZodType<z.infer<TSchema>>,
    version: options.version ?? 1,
    upcasters: options.upcasters ?? {},
    ...(options.forgetting ? { forgetting: options.forgetting } : {}),
  };
}

/** A domain event as deciders see it: a type and its parsed data. */
export type EventOf<D> =
  D extends EventDefinition<infer T, infer Data> ? { type: T; data: Data } : never;

/** All event types the event store knows, by type name. */
export type EventCatalog = ReadonlyMap<string, EventDefinition>;

export function eventCatalog(
  ...groups: ReadonlyArray<Record<string, EventDefinition>>
): EventCatalog {
  const catalog = new Map<string, EventDefinition>();
  for (const group of groups) {
    for (const definition of Object.values(group)) {
      if (catalog.has(definition.type)) throw new Error(`Duplicate event type ${definition.type}`);
      catalog.set(definition.type, definition);
    }
  }
  return catalog;
}

/** Lifts stored data of `fromVersion` to the definition's current version, then validates it. */
export function upcastAndParse(
  definition: EventDefinition,
  fromVersion: number,
  data: unknown,
): unknown {
  let current = data;
  for (let v = fromVersion; v < definition.version; v++) {
    const upcast = definition.upcasters[v];
    if (!upcast) throw new Error(`No upcaster for ${definition.type} v${v} -> v${v + 1}`);
    current = upcast(current);
  }
  return definition.schema.parse(current);
}
