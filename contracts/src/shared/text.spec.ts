import { describe, expect, it } from 'vitest';
import { cleanText } from './text';

describe('cleanText', () => {
  it('when text holds NUL or other control characters they go; tabs and new lines stay', () => {
    expect(cleanText('a\u0000b\u0007c\td\ne\r\nf\u007F')).toBe('abc\td\ne\r\nf');
  });

  it('when a surrogate is unpaired it goes; a real emoji stays', () => {
    expect(cleanText('x\uD800y\uDC00z 😀')).toBe('xyz 😀');
  });

  it('when a character carries a run of combining marks only the first three stay', () => {
    const zalgo = `Z${'\u0301'.repeat(40)}a`;
    expect(cleanText(zalgo)).toBe(`Z${'\u0301'.repeat(3)}a`);
    expect(cleanText('ệ')).toBe('ệ');
    expect(cleanText('Ñandú')).toBe('Ñandú');
  });

  it('when text holds bidi controls or zero-width spaces they go; joiners and direction marks stay', () => {
    expect(cleanText('a\u202Eb\u202Ac\u2066d\u2069e\u200Bf\u2060g\uFEFFh')).toBe('abcdefgh');
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    expect(cleanText(family)).toBe(family);
    expect(cleanText('\u05E9\u05DC\u05D5\u05DD\u200E (A)')).toBe(
      '\u05E9\u05DC\u05D5\u05DD\u200E (A)',
    );
    expect(cleanText('\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645')).toBe(
      '\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645',
    );
  });
});
