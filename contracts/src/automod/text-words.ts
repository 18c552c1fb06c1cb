import { RunTables, type TextWord } from './glob';

/**
 * A text's words as matching reads them: lowercased, split at anything that is not a word (a
 * word is letters, digits and apostrophes). Each distinct word gets an id; where the words stand
 * is kept as bit sets (one bit per position), so a phrase of several words is found by shifting
 * and intersecting them, whatever the text repeats. What globs need (code points, words by their
 * first or last letter) is worked out on first use.
 */
export class TextWords {
  /** The words in order. */
  readonly words: readonly string[];
  /** 32-bit blocks of a set of positions. */
  readonly blocks: number;
  private readonly idOf = new Map<string, number>();
  /** The positions of each distinct word, by id. */
  private readonly positions: number[][] = [];
  private readonly bitsOf: (Int32Array | undefined)[] = [];
  private forGlobs: TextWord[] | undefined;
  /** Each letter of the text, numbered from 0. */
  private readonly letterIds = new Map<number, number>();
  private tables: RunTables | undefined;
  private byEdge: Map<number, number[]>[] | undefined;
  private longestFirst: number[] | undefined;

  constructor(text: string) {
    this.words = text
      .toLowerCase()
      .split(/[^\p{L}\p{N}']+/u)
      .filter((word) => word.length > 0);
    this.words.forEach((word, position) => {
      const id = this.idOf.get(word);
      if (id !== undefined) this.positions[id]!.push(position);
      else this.idOf.set(word, this.positions.push([position]) - 1);
    });
    this.blocks = (this.words.length >>> 5) + 1;
  }

  has(word: string): boolean {
    return this.idOf.has(word);
  }

  /** Where this word stands; undefined when nowhere. */
  positionsOfWord(word: string): Int32Array | undefined {
    const id = this.idOf.get(word);
    return id === undefined ? undefined : this.positionsOf([id]);
  }

  /** Where any of these distinct words stand. */
  positionsOf(ids: readonly number[]): Int32Array {
    const cached = ids.length === 1 ? this.bitsOf[ids[0]!] : undefined;
    if (cached) return cached;
    const bits = new Int32Array(this.blocks);
    for (const id of ids)
      for (const position of this.positions[id]!) bits[position >>> 5]! |= 1 << (position & 31);
    if (ids.length === 1) this.bitsOf[ids[0]!] = bits;
    return bits;
  }

  /** The distinct words, by id, as globs read them. */
  globWords(): readonly TextWord[] {
    this.forGlobs ??= [...this.idOf.keys()].map((word) => {
      const points = Int32Array.from(Array.from(word), (char) => char.codePointAt(0)!);
      const letters = points.map((point) => {
        const id = this.letterIds.get(point);
        if (id !== undefined) return id;
        this.letterIds.set(point, this.letterIds.size);
        return this.letterIds.size - 1;
      });
      return { points, letters };
    });
    return this.forGlobs;
  }

  /** Tables for scanning the words of this text for globs' runs. */
  runTables(): RunTables {
    this.globWords();
    this.tables ??= new RunTables(this.letterIds);
    return this.tables;
  }

  /** The ids of the distinct words that begin (edge 0) or end (edge 1) with this code point. */
  withEdge(edge: 0 | 1, point: number): readonly number[] {
    this.byEdge ??= this.edgeIndex();
    return this.byEdge[edge]!.get(point) ?? [];
  }

  /** Every distinct id of a word at least `min` letters long. */
  atLeast(min: number): readonly number[] {
    const length = (id: number) => this.globWords()[id]!.points.length;
    this.longestFirst ??= this.positions.map((_, id) => id).sort((a, b) => length(b) - length(a));
    const shorter = this.longestFirst.findIndex((id) => length(id) < min);
    return shorter === -1 ? this.longestFirst : this.longestFirst.slice(0, shorter);
  }

  private edgeIndex(): Map<number, number[]>[] {
    const index = [new Map<number, number[]>(), new Map<number, number[]>()];
    this.globWords().forEach(({ points }, id) => {
      for (const [edge, point] of [points[0]!, points.at(-1)!].entries()) {
        const ids = index[edge]!.get(point);
        if (ids) ids.push(id);
        else index[edge]!.set(point, [id]);
      }
    });
    return index;
  }
}

/**
 * Keeps in `found` the positions whose word `shift` places further on stands in `at`; answers
 * whether any position is left.
 */
export function keepFollowedBy(found: Int32Array, at: Int32Array, shift: number): boolean {
  const skip = shift >>> 5;
  const bit = shift & 31;
  let any = 0;
  for (let i = 0; i < found.length; i += 1) {
    const low = i + skip < at.length ? at[i + skip]! : 0;
    const high = i + skip + 1 < at.length ? at[i + skip + 1]! : 0;
    found[i]! &= bit === 0 ? low : (low >>> bit) | (high << (32 - bit));
    any |= found[i]!;
  }
  return any !== 0;
}
