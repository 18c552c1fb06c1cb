import type { UserEvent } from '@whosright/contracts/account/events';
import { defineProjection, remove, update, upsert } from '../runner/projection';
import type { Recorded } from '../shared/recorded';
import { USERS, USER_DOCS } from './docs';

/**
 * Accounts as the API shows them (current user, admin user list, comment authors), plus the
 * moment before which every session of the user is void (bans and password resets end sessions),
 * and the credentials version sessions are checked against. A banned account keeps when and why,
 * so the member can be told.
 */
export const usersProjection = defineProjection<Recorded<UserEvent>>({
  name: USERS,
  version: 7,
  eventTypes: [
    'UserRegistered',
    'PasswordChanged',
    'EmailVerified',
    'ProfileUpdated',
    'SideOnCommentsSet',
    'NotificationSettingsSet',
    'UserBanned',
    'UserUnbanned',
    'UserPromoted',
    'UserDemoted',
    'AccountDeleted',
  ],
  collections: [
    {
      name: USER_DOCS,
      indexes: [
        { fields: [['email', 1]] },
        { fields: [['createdAt', -1]] },
        { fields: [['role', 1]] },
        // Only the members who asked for the digest: the daily run reads these.
        { fields: [['createdAt', 1]], where: { digest: true } },
        {
          fields: [
            ['status', 1],
            ['createdAt', -1],
          ],
        },
      ],
    },
  ],
  apply(event) {
    const id = event.stream.slice('user-'.length);
    const at = event.metadata.recordedAt;
    switch (event.type) {
      case 'UserRegistered':
        return [
          upsert(USER_DOCS, id, {
            $set: {
              email: event.data.email,
              username: null,
              firstName: event.data.firstName,
              lastName: event.data.lastName,
              profileImageUrl: event.data.profileImageUrl,
              role: event.data.role,
              status: 'active',
              createdAt: at,
              sessionsValidFrom: at,
              credentialsVersion: 0,
              emailVerified: false,
            },
          }),
        ];
      case 'PasswordChanged':
        return event.data.reason === 'reset'
          ? [
              update(USER_DOCS, id, {
                $set: { sessionsValidFrom: at },
                $inc: { credentialsVersion: 1 },
              }),
            ]
          : [];
      case 'EmailVerified':
        return [update(USER_DOCS, id, { $set: { emailVerified: true } })];
      case 'ProfileUpdated':
        return [
          update(USER_DOCS, id, {
            $set: { username: event.data.username, profileImageUrl: event.data.profileImageUrl },
          }),
        ];
      case 'SideOnCommentsSet':
        return [update(USER_DOCS, id, { $set: { hidesSideOnComments: !event.data.shown } })];
      case 'NotificationSettingsSet':
        return [
          update(USER_DOCS, id, {
            $set: { digest: event.data.digest, notificationKindsOff: event.data.kindsOff },
          }),
        ];
      case 'UserBanned':
        return [
          update(USER_DOCS, id, {
            $set: {
              status: 'banned',
              sessionsValidFrom: at,
              ban: { at, reason: event.data.reason },
            },
            $inc: { credentialsVersion: 1 },
          }),
        ];
      case 'UserUnbanned':
        return [update(USER_DOCS, id, { $set: { status: 'active', ban: null } })];
      case 'UserPromoted':
        return [update(USER_DOCS, id, { $set: { role: 'admin' } })];
      case 'UserDemoted':
        return [update(USER_DOCS, id, { $set: { role: 'user' } })];
      // The member deleted their account; nothing of it stays.
      case 'AccountDeleted':
        return [remove(USER_DOCS, id)];
      default:
        return [];
    }
  },
});
