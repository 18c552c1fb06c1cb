import type { Generation } from './port';

const NAME = /^[a-z][a-z0-9-]*$/;

/** Projection and collection names become parts of table / collection names, so keep them tame. */
export function assertName(kind: string, name: string): void {
  if (!NAME.test(name))
    throw new Error(`Invalid ${kind} name "${name}": use lowercase letters, digits and dashes`);
}

/** Physical name of one collection of one generation, e.g. `rm_story-tallies_3_stories`. */
export function physicalName(target: Generation, collection: string): string {
  return `rm_${target.projection}_${target.generation}_${collection}`;
}
