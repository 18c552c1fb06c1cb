import { describe, expect, it } from 'vitest';
import { givenReason, reasonField } from './reason';

describe('a moderator reason', () => {
  it.each([undefined, null, '', '   ', '\n\t '])(
    'when the reason is %j it is no reason',
    (reason) => {
      expect(givenReason(reason)).toBeNull();
      expect(reasonField(reason)).toEqual({});
    },
  );

  it('when a reason has spaces around it they are dropped, the words kept', () => {
    expect(givenReason('  Doxxing  ')).toBe('Doxxing');
    expect(reasonField(' Too personal\n')).toEqual({ reason: 'Too personal' });
  });
});
