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
});
