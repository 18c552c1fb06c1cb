import { describe, it } from 'vitest';
import { eventLog } from '../testing/event-log';
import { projectionSpec } from '../testing/projection-spec';
import { userSearchProjection } from './projection';

const ann = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';

function annHistory() {
  const log = eventLog();
  return {
    registered: (lastName: string | null = 'Van Dyke') =>
      log.user(ann, {
        type: 'UserRegistered',
        data: {
          userId: ann,
          email: 'Ann.V@Example.com',
          firstName: 'Ann',
          lastName,
          passwordHash: null,
          role: 'user',
          profileImageUrl: null,
        },
      }),
    named: (username: string | null) =>
      log.user(
        ann,
        { type: 'ProfileUpdated', data: { username, profileImageUrl: null } },
        { actorId: ann },
      ),
  };
}

const keyOf = (field: string, key: string) => ({ _id: `${ann}:${field}`, userId: ann, key });

describe('user-search projection', () => {
  const spec = projectionSpec(userSearchProjection);

  it('when a user registers it keeps the e-mail, the full name and the last name in lower case', async () => {
    await spec
      .given([])
      .when(annHistory().registered())
      .then({
        keys: [
          keyOf('email', 'ann.v@example.com'),
          keyOf('name', 'ann van dyke'),
          keyOf('lastName', 'van dyke'),
        ],
      });
  });

  it('when a user without a last name registers it keeps no key for it', async () => {
    await spec
      .given([])
      .when(annHistory().registered(null))
      .then({ keys: [keyOf('email', 'ann.v@example.com'), keyOf('name', 'ann')] });
  });

  it('when a username is set it is a key; when cleared, no longer', async () => {
    const history = annHistory();
    const registered = history.registered(null);
    const base = [keyOf('email', 'ann.v@example.com'), keyOf('name', 'ann')];
    await spec
      .given([registered])
      .when(history.named('Annie_B'))
      .then({ keys: [...base, keyOf('username', 'annie_b')] });
    const again = annHistory();
    await spec
      .given([again.registered(null), again.named('Annie_B')])
      .when(again.named(null))
      .then({ keys: base });
  });
});
