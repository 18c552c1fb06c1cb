import { defineProjection, upsert } from '../runner/projection';

/** A projection that cannot apply a story whose content is 'poison' while `broken()` says so. */
export function fragileProjection(broken: () => boolean = () => true) {
  return defineProjection<never>({
    name: 'fragile',
    version: 1,
    eventTypes: ['StorySubmitted'],
    collections: [{ name: 'docs', indexes: [] }],
    apply(event) {
      const data = (event as unknown as { data: { storyId: string; content: string } }).data;
      if (broken() && data.content === 'poison') throw new Error('cannot digest poison');
      return [upsert('docs', data.storyId, { $set: { content: data.content } })];
    },
  });
}
