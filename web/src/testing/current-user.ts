import type { CurrentUser } from '@whosright/contracts/account/dto';

/** The signed-in member as `GET /api/auth/user` answers: Sam Lee, active, verified. */
export function currentUserFixture(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'user_1',
    username: 'sam',
    firstName: 'Sam',
    lastName: 'Lee',
    email: 'sam@example.com',
    profileImageUrl: null,
    role: 'user',
    status: 'active',
    createdAt: '2026-01-01T00:00:00.000Z',
    emailVerified: true,
    showSideOnComments: true,
    ...overrides,
  };
}
