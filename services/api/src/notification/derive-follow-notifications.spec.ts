import { describe, expect, it } from 'vitest';
import { followedNotificationsOf, type FollowedFacts } from './derive-follow-notifications';
import type { ReadMarks } from './derive-notifications';

const storyId = 'story_01JAAAAAAAAAAAAAAAAAAAAAAA';
const unreadAll: ReadMarks = { marks: {}, allUpTo: undefined };
const hour = (h: number, m = 0) =>
  `2026-11-20T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00.000Z`;

function facts(overrides: Partial<FollowedFacts> = {}): FollowedFacts {
  return {
    storyId,
    label: 'He keeps the thermostat at 25…',
    since: hour(10, 30),
    majority: 'he',
    hourlyVotes: [],
    newComments: null,
    ...overrides,
  };
}

describe('followedNotificationsOf', () => {
  it('when the majority changes sides after the follow it tells each flip, dated no earlier than the follow', () => {
    const items = followedNotificationsOf(
      [
        facts({
          hourlyVotes: [
            // Before the follow, she led, then he: what the member saw when they followed.
            { at: hour(8), he: 0, she: 2 },
            { at: hour(9), he: 3, she: 0 },
            // The hour of the follow: she leads by its end.
            { at: hour(10), he: 0, she: 2 },
            { at: hour(11), he: 2, she: 0 },
          ],
        }),
      ],
      unreadAll,
    );
    expect(items.map((i) => [i.at, i.text, i.read])).toEqual([
      [
        hour(10, 30),
        "The majority on “He keeps the thermostat at 25…” flipped to She's Right.",
        false,
      ],
      [hour(11), "The majority on “He keeps the thermostat at 25…” flipped to He's Right.", false],
    ]);
    expect(new Set(items.map((i) => i.id)).size).toBe(2);
    expect(items.every((i) => i.kind === 'following' && i.storyId === storyId)).toBe(true);
  });

  it('when nobody led at the follow the first lead is no flip, and a tie flips nothing', () => {
    const items = followedNotificationsOf(
      [
        facts({
          majority: null,
          hourlyVotes: [
            { at: hour(11), he: 1, she: 0 },
            { at: hour(12), he: 0, she: 1 },
            { at: hour(13), he: 1, she: 0 },
          ],
        }),
      ],
      unreadAll,
    );
    expect(items).toEqual([]);
  });

  it('when others commented since the follow it tells how many in one notification, and once read says all read', () => {
    const id = `following:comments:${storyId}`;
    const fresh = followedNotificationsOf(
      [facts({ newComments: { count: 3, newestAt: hour(12) } })],
      unreadAll,
    );
    expect(fresh).toEqual([
      {
        id,
        at: hour(12),
        kind: 'following',
        storyId,
        text: '3 new comments on “He keeps the thermostat at 25…”.',
        read: false,
      },
    ]);
    const read = followedNotificationsOf([facts()], {
      marks: { [id]: hour(12) },
      allUpTo: undefined,
    });
    expect(read.map((i) => [i.text, i.read])).toEqual([
      ['New comments on “He keeps the thermostat at 25…”, all read.', true],
    ]);
    // A mark left from an earlier follow says nothing of this one.
    expect(
      followedNotificationsOf([facts()], { marks: { [id]: hour(9) }, allUpTo: undefined }),
    ).toEqual([]);
  });
});
