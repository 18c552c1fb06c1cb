import { clsx, type ClassValue } from 'clsx';

import { checkClassConflicts } from '#web/lib/class-conflicts.ts';

/**
 * Joins class names (clsx). No conflict resolution, so callers must not pass two classes for the
 * same property: outside production builds `checkClassConflicts` enforces that with tailwind-merge,
 * which stays out of the bundle to keep the first load's JS small.
 */
export function cn(...inputs: ClassValue[]) {
  const joined = clsx(inputs);
  if (import.meta.env.MODE !== 'production') checkClassConflicts(joined, import.meta.env.MODE);
  return joined;
}
