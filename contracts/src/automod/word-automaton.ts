/**
 * Every phrase without wildcards at once: an Aho-Corasick automaton over words instead of
 * letters, so a text is read once, one step per word, however many phrases there are and
 * whatever they share. Each phrase has a rank; the text's answer is the lowest rank found.
 */
export class WordAutomaton {
  private readonly next: Map<string, number>[] = [new Map<string, number>()];
  private readonly fail: number[] = [0];
  /** The lowest rank of a phrase ending at each state, itself or by its fallbacks. */
  private readonly best: number[] = [Infinity];

  /** Builds it from each phrase's words and rank. */
  constructor(phrases: readonly { words: readonly string[]; rank: number }[]) {
    for (const { words, rank } of phrases) {
      let state = 0;
      for (const word of words) {
        let to = this.next[state]!.get(word);
        if (to === undefined) {
          to = this.next.push(new Map()) - 1;
          this.fail.push(0);
          this.best.push(Infinity);
          this.next[state]!.set(word, to);
        }
        state = to;
      }
      this.best[state] = Math.min(this.best[state]!, rank);
    }
    this.link();
  }

  /** Fallbacks, breadth first: each state falls back to the longest suffix that is a prefix. */
  private link(): void {
    const queue = [...this.next[0]!.values()];
    for (let i = 0; i < queue.length; i += 1) {
      const state = queue[i]!;
      for (const [word, to] of this.next[state]!) {
        let back = this.fail[state]!;
        while (back !== 0 && !this.next[back]!.has(word)) back = this.fail[back]!;
        const fallback = this.next[back]!.get(word);
        const fail = fallback !== undefined && fallback !== to ? fallback : 0;
        this.fail[to] = fail;
        this.best[to] = Math.min(this.best[to]!, this.best[fail]!);
        queue.push(to);
      }
    }
  }

  /** The lowest rank of a phrase the words hold in a row (Infinity: none). */
  lowestRank(words: readonly string[]): number {
    let lowest = Infinity;
    let state = 0;
    for (const word of words) {
      while (state !== 0 && !this.next[state]!.has(word)) state = this.fail[state]!;
      state = this.next[state]!.get(word) ?? 0;
      if (this.best[state]! < lowest) lowest = this.best[state]!;
    }
    return lowest;
  }
}
