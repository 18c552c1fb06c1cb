import type { CurrentUser } from '@whosright/contracts/account/dto';
import type { UserDoc } from '@whosright/projections/users/docs';
import type { UserQueries } from '@whosright/projections/users/queries';
import { NotFoundError } from '#api/platform/errors';

/** The user as every answer that carries one shows them (the ban only while it holds). */
export function toCurrentUser(doc: UserDoc): CurrentUser {
  return {
    id: doc._id,
    username: doc.username,
    firstName: doc.firstName,
    lastName: doc.lastName,
    email: doc.email,
    profileImageUrl: doc.profileImageUrl,
    role: doc.role,
    status: doc.status,
    createdAt: doc.createdAt,
    emailVerified: doc.emailVerified === true,
    showSideOnComments: doc.hidesSideOnComments !== true,
    ...(doc.status === 'banned' && doc.ban ? { ban: doc.ban } : {}),
  };
}

/** The user as the users read model shows them now; 404 with `missing` when it has none. */
export async function currentUserOf(
  users: Pick<UserQueries, 'byId'>,
  userId: string,
  missing = 'Account not found',
): Promise<CurrentUser> {
  const doc = await users.byId(userId);
  if (!doc) throw new NotFoundError(missing);
  return toCurrentUser(doc);
}
