/**
 * Test and development only (`cn` drops it from production builds): `cn` joins classes without
 * tailwind-merge, so two utilities setting the same property leave the winner to the CSS order.
 * This reports such a pair: an Error in tests, a warning once per class string in development.
 */
import { twMerge } from 'tailwind-merge';

const warned = new Set<string>();

const classesOf = (value: string) => value.split(/\s+/).filter(Boolean);

/** The classes tailwind-merge would drop from `joined`, each with the classes that override it. */
function conflictsIn(joined: string): string[] {
  const kept = classesOf(twMerge(joined));
  const remaining = [...kept];
  const dropped: string[] = [];
  for (const cls of classesOf(joined)) {
    const at = remaining.indexOf(cls);
    if (at === -1) dropped.push(cls);
    else remaining.splice(at, 1);
  }
  // A class present twice is dropped once and kept once, so it overrides itself.
  return dropped.map((cls) => {
    const winners = kept.filter((k) => twMerge(`${cls} ${k}`) === k);
    return `"${cls}" (overridden by "${winners.join(' ')}")`;
  });
}

export function checkClassConflicts(joined: string, mode: string): void {
  const conflicts = conflictsIn(joined);
  if (conflicts.length === 0) return;
  const message = `cn(): conflicting Tailwind classes ${conflicts.join(', ')}; tailwind-merge would keep "${twMerge(joined)}" but production keeps all of "${joined}"`;
  if (mode === 'test') throw new Error(message);
  if (warned.has(joined)) return;
  warned.add(joined);
  console.warn(message);
}
