import { describe, expect, it } from 'vitest';
import { isReservedName } from './reserved-names';

describe('isReservedName', () => {
  it.each(['admin', 'ADMIN', 'Administrator', 'mod', 'Whos_Right', 'whos-right', 'WHOSRIGHT'])(
    'when the name is %s it is reserved',
    (name) => {
      expect(isReservedName(name)).toBe(true);
    },
  );

  it.each(['a_d_m_i_n', 'Sys.Tem', 'no_reply', 'Deleted User', 'anonymous_user', '__root__'])(
    'when %s hides a reserved name behind separators it is reserved',
    (name) => {
      expect(isReservedName(name)).toBe(true);
    },
  );

  it.each(['adminfan', 'modern', 'rootbeer', 'pia_reads', 'Maya', 'supporter'])(
    'when %s only contains a reserved word it is free',
    (name) => {
      expect(isReservedName(name)).toBe(false);
    },
  );
});
