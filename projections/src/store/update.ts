import type { Doc, Update } from './port';

type Obj = Record<string, unknown>;

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const splitPaths = new Map<string, string[]>();

/** `a.b.c` as keys, cached: projections repeat the same few paths millions of times. */
function keysOf(path: string): string[] {
  let keys = splitPaths.get(path);
  if (!keys) {
    keys = path.split('.');
    if (splitPaths.size < 10_000) splitPaths.set(path, keys);
  }
  return keys;
}

export function getPath(doc: Obj, path: string): unknown {
  if (!path.includes('.')) return doc[path];
  let current: unknown = doc;
  for (const key of keysOf(path)) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** Sets (or removes) a dotted path in place, creating intermediate objects. */
function setPath(doc: Obj, path: string, value: unknown, remove: boolean): void {
  if (!path.includes('.')) {
    if (remove) delete doc[path];
    else doc[path] = value;
    return;
  }
  const keys = keysOf(path);
  let parent = doc;
  for (let i = 0; i < keys.length - 1; i++) {
    const key = keys[i]!;
    const child = parent[key];
    if (child === undefined) {
      if (remove) return;
      parent = parent[key] = {};
    } else if (isObject(child)) {
      parent = child;
    } else {
      throw new Error(`Cannot set "${path}": "${key}" is not an object`);
    }
  }
  const last = keys[keys.length - 1]!;
  if (remove) delete parent[last];
  else parent[last] = value;
}

const isPrimitive = (value: unknown): boolean => typeof value !== 'object' || value === null;

/**
 * Applies a Mongo-style update to `doc` itself (the batch owns its documents) and answers whether
 * it changed anything. An object or array set counts as a change (not compared), and so does any
 * `$inc` but by 0. It throws on an update that cannot apply, possibly half-way: callers discard
 * the document then.
 */
export function applyUpdateInPlace(doc: Doc, update: Update): boolean {
  const { $set, $inc, $unset } = update;
  let changed = false;
  if ($set) changed = setInPlace(doc, $set);
  if ($inc) changed = incInPlace(doc, $inc) || changed;
  if ($unset) changed = unsetInPlace(doc, $unset) || changed;
  return changed;
}

function setInPlace(doc: Doc, $set: NonNullable<Update['$set']>): boolean {
  let changed = false;
  for (const path in $set) {
    const value = $set[path];
    if (path === '_id') throw new Error('Cannot $set _id');
    if (value === undefined) throw new Error(`Cannot $set "${path}" to undefined; use $unset`);
    if (isPrimitive(value) && getPath(doc, path) === value) continue;
    setPath(doc, path, value, false);
    changed = true;
  }
  return changed;
}

/** Adds to a number, or starts one; a top-level field (the usual counter) skips the path walk. */
function incInPlace(doc: Doc, $inc: NonNullable<Update['$inc']>): boolean {
  let changed = false;
  for (const path in $inc) {
    const by = $inc[path];
    if (typeof by !== 'number' || !Number.isFinite(by))
      throw new Error(`Cannot $inc "${path}" by ${String(by)}`);
    const topLevel = path.indexOf('.') === -1;
    const current = topLevel ? doc[path] : getPath(doc, path);
    let value: number;
    if (current === undefined) value = by;
    else if (typeof current === 'number') value = current + by;
    else throw new Error(`Cannot $inc "${path}": it holds a ${typeof current}`);
    if (value === current) continue;
    if (topLevel) doc[path] = value;
    else setPath(doc, path, value, false);
    changed = true;
  }
  return changed;
}

function unsetInPlace(doc: Doc, $unset: NonNullable<Update['$unset']>): boolean {
  let changed = false;
  for (const path in $unset) {
    if (path === '_id') throw new Error('Cannot $unset _id');
    if (getPath(doc, path) === undefined) continue;
    setPath(doc, path, undefined, true);
    changed = true;
  }
  return changed;
}
