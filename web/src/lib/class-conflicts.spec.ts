import { describe, expect, it, vi } from 'vitest';

import { checkClassConflicts } from '#web/lib/class-conflicts.ts';

describe('checkClassConflicts', () => {
  it('accepts classes that set different properties', () => {
    expect(() =>
      checkClassConflicts('flex h-10 text-sm text-muted-foreground', 'test'),
    ).not.toThrow();
  });

  it('in development warns once per class string instead of throwing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    checkClassConflicts('rounded-md bg-muted rounded-full', 'development');
    checkClassConflicts('rounded-md bg-muted rounded-full', 'development');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/"rounded-md" \(overridden by "rounded-full"\)/);
  });
});
