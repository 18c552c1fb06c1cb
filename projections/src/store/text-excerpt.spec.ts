import { describe, expect, it } from 'vitest';
import { excerptAround, MARK_END, MARK_START, piecesOf } from './text-excerpt';

const marked = (word: string) => `${MARK_START}${word}${MARK_END}`;
const query = (words: string[], phrases: string[][] = []) => ({ words, phrases });

describe('text excerpts', () => {
  it('when a highlighter marks words the marks become flagged pieces, neighbours merged', () => {
    expect(piecesOf(`He ${marked('argued')}${marked('!')} about ${marked('dishes')}`)).toEqual([
      { text: 'He ', match: false },
      { text: 'argued!', match: true },
      { text: ' about ', match: false },
      { text: 'dishes', match: true },
    ]);
    expect(piecesOf(`no marks ${MARK_END}here`)).toEqual([{ text: 'no marks here', match: false }]);
  });

  it('when a store has no highlighter the words starting like a query word are marked', () => {
    const pieces = excerptAround(
      'She argues; he argued back about the kayaks.',
      query(['arguing', 'kayak']),
      24,
    );
    expect(pieces.filter((p) => p.match).map((p) => p.text)).toEqual([
      'argues',
      'argued',
      'kayaks',
    ]);
    expect(pieces.map((p) => p.text).join('')).toBe('She argues; he argued back about the kayaks.');
  });

  it('when the match is deep in a long text the excerpt starts a little before it, with ellipses', () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`);
    words[40] = 'kayak';
    const text = excerptAround(words.join(' '), query(['kayak']), 12)
      .map((p) => p.text)
      .join('');
    expect(text).toBe('…w36 w37 w38 w39 kayak w41 w42 w43 w44 w45 w46 w47…');
  });
});
