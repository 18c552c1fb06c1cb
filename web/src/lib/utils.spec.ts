import { describe, expect, it } from 'vitest';

import { cn } from '#web/lib/utils.ts';

describe('cn', () => {
  it('joins class names and drops falsy values', () => {
    expect(
      cn('px-4', false, null, undefined, '', 0, ['h-10', { 'text-sm': true, 'font-bold': false }]),
    ).toBe('px-4 h-10 text-sm');
  });

  it('keeps classes that set different properties, e.g. font size and colour', () => {
    expect(cn('text-sm', 'text-muted-foreground', 'p-4 px-2')).toBe(
      'text-sm text-muted-foreground p-4 px-2',
    );
  });

  it('in tests throws on two classes for the same property, naming them', () => {
    expect(() => cn('h-9 px-4', 'h-12')).toThrow(
      /"h-9" \(overridden by "h-12"\).*would keep "px-4 h-12"/,
    );
  });

  it('in tests throws on a class given twice', () => {
    expect(() => cn('rounded-md', 'rounded-md')).toThrow(/"rounded-md"/);
  });

  it('in tests throws on a conflict under the same variant only', () => {
    expect(() => cn('hover:bg-accent', 'hover:bg-primary/90')).toThrow(/"hover:bg-accent"/);
    expect(cn('bg-muted', 'hover:bg-accent')).toBe('bg-muted hover:bg-accent');
  });
});
