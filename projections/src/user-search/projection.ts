import type { UserEvent } from '@whosright/contracts/account/events';
import { defineProjection, remove, upsert, type Change } from '../runner/projection';
import type { Recorded } from '../shared/recorded';
import { SEARCH_KEYS, USER_SEARCH, searchKeyId, type SearchField } from './docs';

type Handled = Recorded<
  Extract<UserEvent, { type: 'UserRegistered' | 'ProfileUpdated' | 'AccountDeleted' }>
>;

const SEARCH_FIELDS: readonly SearchField[] = ['email', 'username', 'name', 'lastName'];

function key(userId: string, field: SearchField, value: string | null): Change {
  const text = value?.trim().toLowerCase();
  return text
    ? upsert(SEARCH_KEYS, searchKeyId(userId, field), { $set: { userId, key: text } })
    : remove(SEARCH_KEYS, searchKeyId(userId, field));
}

/**
 * The admin's user search: a case-insensitive prefix of the e-mail, username, full name or last
 * name. Each is a lower-cased key of its own, so a search is one indexed range.
 */
export const userSearchProjection = defineProjection<Handled>({
  name: USER_SEARCH,
  version: 2,
  eventTypes: ['UserRegistered', 'ProfileUpdated', 'AccountDeleted'],
  collections: [
    {
      name: SEARCH_KEYS,
      indexes: [
        {
          fields: [
            ['key', 1],
            ['userId', -1],
          ],
        },
      ],
    },
  ],
  apply(event) {
    const userId = event.stream.slice('user-'.length);
    switch (event.type) {
      case 'UserRegistered': {
        const { email, firstName, lastName } = event.data;
        const name = [firstName, lastName].filter(Boolean).join(' ');
        return [
          key(userId, 'email', email),
          key(userId, 'name', name),
          key(userId, 'lastName', lastName),
        ];
      }
      case 'ProfileUpdated':
        return [key(userId, 'username', event.data.username)];
      // A deleted account is found by nothing.
      case 'AccountDeleted':
        return SEARCH_FIELDS.map((field) => remove(SEARCH_KEYS, searchKeyId(userId, field)));
      default:
        return [];
    }
  },
});
