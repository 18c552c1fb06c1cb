// @ts-check
import { readdirSync } from 'node:fs';

/**
 * The rooms of services/api/src that are not slices: the composition root, the HTTP edge and
 * adapters, the command bus, what a slice is built from (`wiring/`), the entry points, the demo
 * seed and test helpers.
 */
const NOT_SLICES = new Set(['app', 'platform', 'write', 'wiring', 'cli', 'seed', 'testing']);

/**
 * services/api's slices: every folder of `src` but the rooms above, from the listing itself, so
 * a slice added as a folder is under the room and one-door rules without editing a list.
 * @param {string} src
 * @returns {string[]}
 */
export function apiSlicesIn(src) {
  return readdirSync(src, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !NOT_SLICES.has(entry.name))
    .map((entry) => entry.name)
    .sort();
}
