/** Who is signed in, checked with the small shapes (lib/shape.ts): every screen asks first. */
import type { CurrentUser } from '@whosright/contracts/account/dto';

import { boolean, nullable, object, oneOf, optional, string } from '#web/lib/shape.ts';

export const currentUserShape = object<CurrentUser>({
  id: string,
  username: nullable(string),
  firstName: nullable(string),
  lastName: nullable(string),
  email: string,
  profileImageUrl: nullable(string),
  role: oneOf<CurrentUser['role']>({ user: true, admin: true }),
  status: oneOf<CurrentUser['status']>({ active: true, banned: true }),
  createdAt: string,
  emailVerified: boolean,
  showSideOnComments: boolean,
  ban: optional(object<NonNullable<CurrentUser['ban']>>({ at: string, reason: nullable(string) })),
});
