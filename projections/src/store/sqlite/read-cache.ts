import type { Doc, Filter, Page } from '../port';
import { getPath } from '../update';

/**
 * Parsed documents by id and pages of finds, per SQLite connection, bounded by the size of their
 * JSON text (the oldest not used since go first). Exact, never stale:
 * - a document written through this connection evicts its own entry, every cached page holding
 *   it, and every cached page whose filter it now matches (it may belong there now);
 * - a commit by another connection clears everything (the caller watches `PRAGMA data_version`);
 * - nothing read inside an open transaction is kept (it may still roll back).
 * Only pages of plain equality filters are kept, so "does it match now" is a lookup, not a scan.
 * Cached values are deeply frozen: every caller shares them.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly tables = new Map<string, TableIndex>();
  /** Entries cached per table: a write to a table with none (a copy being rebuilt) has nothing to evict. */
  private readonly perTable = new Map<string, number>();
  private chars = 0;

  constructor(private readonly maxChars: number) {}

  /** The cached document, `null` when it is known not to exist, `undefined` when not cached. */
  doc(table: string, id: string): Doc | null | undefined {
    return this.hit(docKey(table, id))?.value as Doc | null | undefined;
  }

  keepDoc(table: string, id: string, doc: Doc | null, chars: number): void {
    this.keep({ key: docKey(table, id), table, value: doc, chars: chars + id.length });
  }

  page(table: string, key: string): Page<Doc> | undefined {
    return this.hit(pageKey(table, key))?.value as Page<Doc> | undefined;
  }

  keepPage(
    table: string,
    key: string,
    filter: Filter | undefined,
    page: Page<Doc>,
    chars: number,
  ): void {
    const match = matchOfFilter(filter);
    if (!match) return;
    const entry: Entry = {
      key: pageKey(table, key),
      table,
      value: page,
      chars: chars + key.length,
      ids: page.items.map((d) => d._id),
      match,
    };
    if (!this.keep(entry)) return;
    const index = this.indexOf(table);
    for (const id of entry.ids!) addTo(index.pagesById, id, entry.key);
    let shape = index.shapes.get(match.shape);
    if (!shape) index.shapes.set(match.shape, (shape = { fields: match.fields, pages: new Map() }));
    addTo(shape.pages, match.values, entry.key);
  }

  /** A document was written (`null`: deleted) in `table`. */
  written(table: string, id: string, doc: Doc | null): void {
    if (!this.perTable.get(table)) return;
    this.evict(docKey(table, id));
    const index = this.tables.get(table);
    if (!index) return;
    for (const key of [...(index.pagesById.get(id) ?? [])]) this.evict(key);
    if (!doc) return;
    for (const shape of index.shapes.values()) {
      const values = matchValues(shape.fields, (field) =>
        field === '_id' ? id : getPath(doc, field),
      );
      const keys =
        values === undefined
          ? [...shape.pages.values()].flatMap((set) => [...set])
          : [...(shape.pages.get(values) ?? [])];
      for (const key of keys) this.evict(key);
    }
  }

  clear(): void {
    this.entries.clear();
    this.tables.clear();
    this.perTable.clear();
    this.chars = 0;
  }

  get size(): { entries: number; chars: number } {
    return { entries: this.entries.size, chars: this.chars };
  }

  private hit(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) entry.used = true;
    return entry;
  }

  /** Oldest first; an entry used since it was last looked at gets a second chance at the end. */
  private keep(entry: Entry): boolean {
    this.evict(entry.key);
    if (entry.chars > this.maxChars) return false;
    deepFreeze(entry.value);
    this.entries.set(entry.key, entry);
    this.perTable.set(entry.table, (this.perTable.get(entry.table) ?? 0) + 1);
    this.chars += entry.chars;
    while (this.chars > this.maxChars) {
      const [key, oldest] = this.entries.entries().next().value!;
      if (oldest.used) {
        oldest.used = false;
        this.entries.delete(key);
        this.entries.set(key, oldest);
      } else {
        this.evict(key);
      }
    }
    return true;
  }

  private evict(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const left = this.perTable.get(entry.table)! - 1;
    if (left) this.perTable.set(entry.table, left);
    else this.perTable.delete(entry.table);
    this.chars -= entry.chars;
    if (!entry.match) return;
    const index = this.tables.get(entry.table)!;
    for (const id of entry.ids!) removeFrom(index.pagesById, id, key);
    const shape = index.shapes.get(entry.match.shape)!;
    removeFrom(shape.pages, entry.match.values, key);
    if (shape.pages.size === 0) index.shapes.delete(entry.match.shape);
  }

  private indexOf(table: string): TableIndex {
    let index = this.tables.get(table);
    if (!index) this.tables.set(table, (index = { pagesById: new Map(), shapes: new Map() }));
    return index;
  }
}

interface Match {
  /** The filter's fields, sorted, joined. */
  shape: string;
  fields: string[];
  /** The filter's values as SQLite compares them, in field order, as one key. */
  values: string;
}

interface Entry {
  key: string;
  table: string;
  used?: boolean;
  value: Doc | null | Page<Doc>;
  chars: number;
  /** Pages only: the ids they hold and the filter they answer. */
  ids?: string[];
  match?: Match;
}

interface TableIndex {
  pagesById: Map<string, Set<string>>;
  shapes: Map<string, { fields: string[]; pages: Map<string, Set<string>> }>;
}

const docKey = (table: string, id: string) => `d\u0000${table}\u0000${id}`;
const pageKey = (table: string, key: string) => `p\u0000${table}\u0000${key}`;

/** The match key of a plain equality filter; undefined for anything else (not cached). */
function matchOfFilter(filter: Filter | undefined): Match | undefined {
  const fields = Object.keys(filter ?? {}).sort();
  const values = matchValues(fields, (field) => {
    const value = filter![field];
    return typeof value === 'object' && value !== null ? UNKNOWN : value;
  });
  return values === undefined ? undefined : { shape: fields.join('\u0000'), fields, values };
}

const UNKNOWN = Symbol('unknown');

/**
 * Values as `json_extract(doc, '$.field') = ?` compares them: booleans are 1 and 0, a missing
 * field is NULL. Undefined when a value is an object or array (the caller then assumes a match).
 */
function matchValues(
  fields: readonly string[],
  valueOf: (field: string) => unknown,
): string | undefined {
  const values: unknown[] = [];
  for (const field of fields) {
    const value = valueOf(field);
    if (value === UNKNOWN || (typeof value === 'object' && value !== null)) return undefined;
    values.push(typeof value === 'boolean' ? Number(value) : (value ?? null));
  }
  return JSON.stringify(values);
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

function removeFrom(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const key in value) deepFreeze((value as Record<string, unknown>)[key]);
}
