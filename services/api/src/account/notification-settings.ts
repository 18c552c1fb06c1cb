import {
  toNotificationSettings,
  type NotificationSettings,
} from '@whosright/contracts/notification/settings';
import type { UserDoc } from '@whosright/projections/users/docs';
import type { UserQueries } from '@whosright/projections/users/queries';
import { NotFoundError } from '#api/platform/errors';

/** The member's notification settings as the users read model keeps them, defaults filled in. */
export function notificationSettingsOf(doc: UserDoc): NotificationSettings {
  return toNotificationSettings({
    digest: doc.digest === true,
    kindsOff: doc.notificationKindsOff ?? [],
  });
}

/** The same by id; 404 when the account is gone. */
export async function notificationSettingsById(
  users: Pick<UserQueries, 'byId'>,
  userId: string,
): Promise<NotificationSettings> {
  const doc = await users.byId(userId);
  if (!doc) throw new NotFoundError('Account not found');
  return notificationSettingsOf(doc);
}
