/** services/api's slices: every folder of `src` but the shared rooms (see api-slices.js). */
export function apiSlicesIn(src: string): string[];
