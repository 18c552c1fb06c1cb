import { describe, expect, it } from 'vitest';

import { publicNameOf } from './display-name';

const author = { username: null, firstName: null, lastName: null };

describe('publicNameOf', () => {
  it('when the author has a username it shows the username', () => {
    expect(publicNameOf({ ...author, username: 'sam', firstName: 'Sam' })).toBe('sam');
  });

  it('when there is no username it shows first name, underscore, last initial', () => {
    expect(publicNameOf({ ...author, firstName: 'Sam', lastName: 'Lee' })).toBe('Sam_L');
    expect(publicNameOf({ ...author, firstName: 'Sam' })).toBe('Sam');
  });

  it('when only an e-mail is known it shows its local part, else Anonymous', () => {
    expect(publicNameOf({ ...author, email: 'kim@example.com' })).toBe('kim');
    expect(publicNameOf(author)).toBe('Anonymous');
  });
});
