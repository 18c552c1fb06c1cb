import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { userEvents } from './account/events';
import { domainEventCatalog } from './catalog';
import { defineEvent, type EventDefinition } from './shared/events';
import { userIdSchema } from './shared/ids';

interface ZodInternals {
  _zod: {
    def: {
      type: string;
      format?: string;
      innerType?: unknown;
      element?: unknown;
      shape?: Record<string, unknown>;
      checks?: Array<{ _zod: { def: { check: string; format?: string; pattern?: RegExp } } }>;
    };
  };
}

/** Every string a schema holds, nested objects, arrays and optionals included. */
function stringsOf(schema: unknown): ZodInternals['_zod']['def'][] {
  const { def } = (schema as ZodInternals)._zod;
  if (def.type === 'string') return [def];
  if (def.innerType) return stringsOf(def.innerType);
  if (def.element) return stringsOf(def.element);
  if (def.shape) return Object.values(def.shape).flatMap(stringsOf);
  return [];
}

const regexOf = (def: ZodInternals['_zod']['def']) =>
  def.checks?.find((c) => c._zod.def.format === 'regex')?._zod.def.pattern;

/** A user id: the string's pattern is the user id's. */
const isMemberId = (def: ZodInternals['_zod']['def']) => regexOf(def)?.source.startsWith('^user_');

/** Text a person wrote or that identifies them: any string but an id, a date or a code. */
const isPersonalText = (def: ZodInternals['_zod']['def']) =>
  def.format === 'email' || (def.format === undefined && regexOf(def) === undefined);

const USER_STREAM_EVENTS = new Set<string>(Object.values(userEvents).map((d) => d.type));

/** The events that name a member (in a field, or as the stream's own member) and carry their text. */
function undeclared(catalog: Iterable<EventDefinition>): string[] {
  return [...catalog]
    .filter((definition) => {
      const strings = stringsOf(definition.schema);
      const namesMember = USER_STREAM_EVENTS.has(definition.type) || strings.some(isMemberId);
      return namesMember && strings.some(isPersonalText) && !definition.forgetting;
    })
    .map((definition) => definition.type);
}

describe('forgetting declared with each event', () => {
  it('when an event names a member and carries text it declares how it is forgotten, or why nothing is', () => {
    expect(undeclared(domainEventCatalog.values())).toEqual([]);
  });

  it('when a new event names a member and carries free text with no declaration the walk finds it', () => {
    const leaky = defineEvent(
      'ConfessionPosted',
      z.object({ authorId: userIdSchema, confession: z.string() }),
    );
    const harmless = defineEvent('ConfessionCounted', z.object({ authorId: userIdSchema }));
    expect(undeclared([leaky, harmless])).toEqual(['ConfessionPosted']);
  });
});
