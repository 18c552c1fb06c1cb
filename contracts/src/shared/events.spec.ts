import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent, eventCatalog, upcastAndParse } from './events';

describe('event definitions', () => {
  const renamed = defineEvent('StoryTitled', z.object({ title: z.string() }), {
    version: 2,
    upcasters: { 1: (data) => ({ title: (data as { name: string }).name }) },
  });

  it('when stored data is an older version the upcaster lifts it before validation', () => {
    expect(upcastAndParse(renamed, 1, { name: 'Dishes' })).toEqual({ title: 'Dishes' });
    expect(upcastAndParse(renamed, 2, { title: 'Dishes' })).toEqual({ title: 'Dishes' });
  });

  it('when data does not fit the schema parsing fails', () => {
    expect(() => upcastAndParse(renamed, 2, { title: 3 })).toThrow();
  });

  it('when two definitions share a type the catalog refuses them', () => {
    expect(() => eventCatalog({ a: renamed }, { b: renamed })).toThrow(
      /Duplicate event type StoryTitled/,
    );
  });
});
