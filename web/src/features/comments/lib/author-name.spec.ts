import { describe, expect, it } from 'vitest';

import { authorDisplayName } from '#web/features/comments/lib/author-name.ts';

const author = {
  id: 'user_1',
  username: null,
  firstName: null,
  lastName: null,
  profileImageUrl: null,
};

describe('authorDisplayName', () => {
  it('when the author has a username it shows the username', () => {
    expect(authorDisplayName({ ...author, username: 'sam', firstName: 'Sam' })).toBe('sam');
  });

  it('when there is no username it shows first name, underscore, last initial', () => {
    expect(authorDisplayName({ ...author, firstName: 'Sam', lastName: 'Lee' })).toBe('Sam_L');
    expect(authorDisplayName({ ...author, firstName: 'Sam' })).toBe('Sam');
  });

  it('when only an e-mail is known it shows its local part, else Anonymous', () => {
    expect(authorDisplayName({ ...author, email: 'kim@example.com' })).toBe('kim');
    expect(authorDisplayName(author)).toBe('Anonymous');
  });
});
