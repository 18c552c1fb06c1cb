import { describe, expect, it } from 'vitest';

import { excerpt } from './excerpt';

describe('excerpt', () => {
  it('when the text fits it is returned whole, its white space folded', () => {
    expect(excerpt('  He  said\nno.  ', 20)).toBe('He said no.');
  });

  it('when the text is longer it is cut at the last word boundary and ends with an ellipsis', () => {
    expect(excerpt('She keeps the thermostat at nineteen degrees', 20)).toBe('She keeps the…');
  });

  it('when the cut falls right before a space the last word is kept', () => {
    expect(excerpt('She keeps the thermostat low', 24)).toBe('She keeps the thermostat…');
  });

  it('when the text before the cut ends in a comma or a dash it is dropped before the ellipsis', () => {
    expect(excerpt('He said, again and again, no', 25)).toBe('He said, again and again…');
    expect(excerpt('Money - again - every month', 15)).toBe('Money - again…');
  });

  it('when the cut ends a sentence its end mark stands alone, with no ellipsis after it', () => {
    expect(excerpt('He cooked dinner. She cleaned the whole kitchen', 20)).toBe(
      'He cooked dinner.',
    );
    expect(excerpt('He cooked dinner. She cleaned the whole kitchen', 17)).toBe(
      'He cooked dinner.',
    );
    expect(excerpt('Who is right? Not him, that much is sure', 15)).toBe('Who is right?');
    expect(excerpt('She said "never!" and left the room', 20)).toBe('She said "never!"');
    expect(excerpt('She said no (twice!) then left', 22)).toBe('She said no (twice!)');
  });

  it('when the cut ends inside a sentence at a word it still ends with an ellipsis', () => {
    expect(excerpt('He cooked dinner. She cleaned the whole kitchen', 30)).toBe(
      'He cooked dinner. She cleaned…',
    );
    expect(excerpt('The 3.5 hours he spent on it', 8)).toBe('The 3.5…');
  });

  it('when one long word fills the start it is cut inside it', () => {
    expect(excerpt('https://example.com/a/very/long/link and more', 20)).toBe(
      'https://example.com/…',
    );
  });

  it('when the cut would split an emoji the emoji is left out whole', () => {
    expect(excerpt(`${'a'.repeat(9)}😀😀 tail`, 10)).toBe(`${'a'.repeat(9)}…`);
  });
});
