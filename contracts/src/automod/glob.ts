/**
 * One word of a phrase with wildcards (`*` any letters, none included; `?` exactly one), matched
 * against one word of a text in time linear in the word, whatever the glob: the literal runs
 * between the `*` are placed left to right, each at its first fit (which is always safe for a
 * glob), and found by a bit-parallel scan instead of a comparison at every start.
 */

/** `?` among a run's code points. */
const ANY = -1;
/** Bits per half of a scan's state: 31, so shifts never reach the sign bit. */
const HALF = 31;

/** A literal run of a glob (code points, `?` as ANY), ready to be searched for. */
interface Run {
  points: Int32Array;
  /** Each letter of the run, once... */
  letters: number[];
  /** ...and the places it (or a `?`) fills among the first 31, and among the next 31. */
  low: number[];
  high: number[];
  /** The places the `?` fill: what any other letter fills. */
  anyLow: number;
  anyHigh: number;
}

export interface Glob {
  /** Before the first `*` (the whole glob when it has none). */
  head: Int32Array;
  /** After the last `*`; null when there is no `*`. */
  tail: Int32Array | null;
  /** The non-empty runs between two `*`, in order. */
  middle: readonly Run[];
  /** Letters a word needs at least: everything but the `*`. */
  min: number;
}

const pointsOf = (run: string): Int32Array =>
  Int32Array.from(Array.from(run), (char) => (char === '?' ? ANY : char.codePointAt(0)!));

function searchable(run: string): Run {
  const points = pointsOf(run);
  const placesOf = (fills: (point: number) => boolean, half: 0 | 1) => {
    let places = 0;
    for (let i = half * HALF; i < Math.min(points.length, (half + 1) * HALF); i += 1)
      if (fills(points[i]!)) places |= 1 << (i - half * HALF);
    return places;
  };
  const letters = [...new Set(points)].filter((point) => point !== ANY);
  const fills = (letter: number) => (point: number) => point === letter || point === ANY;
  return {
    points,
    letters,
    low: letters.map((letter) => placesOf(fills(letter), 0)),
    high: letters.map((letter) => placesOf(fills(letter), 1)),
    anyLow: placesOf((point) => point === ANY, 0),
    anyHigh: placesOf((point) => point === ANY, 1),
  };
}

/**
 * The places each letter of one text fills in each run, by the text's own letter numbers: a scan
 * then reads a typed array per letter. A run with a letter the text lacks is found nowhere (null).
 */
export class RunTables {
  private readonly tables = new Map<Run, Int32Array | null>();

  constructor(private readonly letterIds: ReadonlyMap<number, number>) {}

  of(run: Run): Int32Array | null {
    let table = this.tables.get(run);
    if (table === undefined) {
      table = this.build(run);
      this.tables.set(run, table);
    }
    return table;
  }

  private build(run: Run): Int32Array | null {
    const ids = run.letters.map((letter) => this.letterIds.get(letter));
    if (ids.includes(undefined)) return null;
    const table = new Int32Array(this.letterIds.size * 2);
    for (let id = 0; id < this.letterIds.size; id += 1) {
      table[2 * id] = run.anyLow;
      table[2 * id + 1] = run.anyHigh;
    }
    ids.forEach((id, i) => {
      table[2 * id!] = run.low[i]!;
      table[2 * id! + 1] = run.high[i]!;
    });
    return table;
  }
}

/** One word of a text: its code points, and its letters by the text's letter numbers. */
export interface TextWord {
  points: Int32Array;
  letters: Int32Array;
}

/** A phrase's word, lowercased, with at least one `*` or `?`. */
export function compileGlob(word: string): Glob {
  const runs = word.split('*');
  if (runs.length === 1) {
    const head = pointsOf(word);
    return { head, tail: null, middle: [], min: head.length };
  }
  const head = pointsOf(runs[0]!);
  const tail = pointsOf(runs.at(-1)!);
  const middle = runs.slice(1, -1).filter((run) => run.length > 0);
  const min = head.length + tail.length + middle.reduce((sum, run) => sum + run.length, 0);
  return { head, tail, middle: middle.map(searchable), min };
}

/**
 * A letter the glob puts at a word's edge, where it has one: its first (edge 0) or its last
 * (edge 1). Only words with that letter there can match.
 */
export function globEdge(glob: Glob): [0 | 1, number] | undefined {
  const first = glob.head[0];
  if (first !== undefined && first !== ANY) return [0, first];
  const last = (glob.tail ?? glob.head).at(-1);
  return last !== undefined && last !== ANY ? [1, last] : undefined;
}

/** Whether `run` stands in `word` at `at`. */
function standsAt(run: Int32Array, word: Int32Array, at: number): boolean {
  for (let i = run.length - 1; i >= 0; i -= 1)
    if (run[i] !== ANY && run[i] !== word[at + i]) return false;
  return true;
}

/**
 * Where a run (`last` + 1 long, its places in `table`) first stands wholly within the word's
 * letters [from, end), or -1: shift-and, one step per letter (in two 31-bit halves past 31 letters,
 * as a run is at most a phrase long). The table holds no 32nd bit, so no step needs a mask.
 */
function find(table: Int32Array, last: number, letters: Int32Array, from: number, end: number) {
  let low = 0;
  if (last < HALF) {
    const lastBit = 1 << last;
    for (let i = from; i < end; i += 1) {
      low = ((low << 1) | 1) & table[letters[i]! << 1]!;
      if (low & lastBit) return i - last;
    }
    return -1;
  }
  const lastBit = 1 << (last - HALF);
  let high = 0;
  for (let i = from; i < end; i += 1) {
    const at = letters[i]! << 1;
    high = ((high << 1) | (low >>> (HALF - 1))) & table[at + 1]!;
    low = ((low << 1) | 1) & table[at]!;
    if (high & lastBit) return i - last;
  }
  return -1;
}

/** Whether the whole word (lowercased) matches the glob. */
export function globMatches(glob: Glob, word: TextWord, tables: RunTables): boolean {
  const { head, tail } = glob;
  const { points } = word;
  if (tail === null) return points.length === head.length && standsAt(head, points, 0);
  if (points.length < glob.min) return false;
  const end = points.length - tail.length;
  if (!standsAt(tail, points, end) || !standsAt(head, points, 0)) return false;
  let from = head.length;
  for (const run of glob.middle) {
    const table = tables.of(run);
    const at = table ? find(table, run.points.length - 1, word.letters, from, end) : -1;
    if (at < 0) return false;
    from = at + run.points.length;
  }
  return true;
}
