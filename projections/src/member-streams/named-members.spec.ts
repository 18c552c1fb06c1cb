import type { RecordedEvent } from '@whosright/eventstore/port';
import { describe, expect, it } from 'vitest';
import { membersNamedBy, namesAMember } from './named-members';

const ann = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
const bob = 'user_01JBBBBBBBBBBBBBBBBBBBBBBB';

const event = (
  stream: string,
  data: unknown,
  metadata: Record<string, unknown> = {},
): RecordedEvent => ({
  id: 'e1',
  stream,
  type: 'Anything',
  revision: 0n,
  position: 1n,
  data,
  metadata: { correlationId: 'c1', recordedAt: '2026-11-27T10:00:00.000Z', ...metadata },
});

describe('the members an event names', () => {
  const cases: Array<[string, RecordedEvent, string[]]> = [
    ['a member stream', event(`user-${ann}`, {}), [ann]],
    ['an actor', event('story-s1', {}, { actorId: ann }), [ann]],
    ['a userId', event('storyVote-s1', { userId: bob }), [bob]],
    ['an authorId', event('story-s1', { authorId: bob }, { actorId: ann }), [ann, bob]],
    ['a visitor', event('storyActivity-s1-v-1', { visitorKey: 'v-1' }, { visitorId: 'v-1' }), []],
    ['ids that are not members', event('story-s1', { userId: 'v-2', authorId: 42 }), []],
    ['data that is not an object', event('story-s1', 'text'), []],
  ];

  it.each(cases)('when an event has %s, namesAMember agrees with membersNamedBy', (_, e, named) => {
    expect(membersNamedBy(e)).toEqual(named);
    expect(namesAMember(e)).toBe(named.length > 0);
  });
});
