import { describe, expect, it } from 'vitest';
import { notificationDigest } from './digest-decider';
import { nextDigestAt } from './digest-job';

describe('the digest schedule', () => {
  it('runs next at the hour today when it is still ahead, otherwise tomorrow', () => {
    expect(nextDigestAt(new Date('2026-11-28T06:59:59.000Z'), 7).toISOString()).toBe(
      '2026-11-28T07:00:00.000Z',
    );
    expect(nextDigestAt(new Date('2026-11-28T07:00:00.000Z'), 7).toISOString()).toBe(
      '2026-11-29T07:00:00.000Z',
    );
    expect(nextDigestAt(new Date('2026-12-31T23:30:00.000Z'), 0).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });
});

describe('the digest decider', () => {
  const userId = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
  const record = (upTo: string) => ({ type: 'RecordDigest' as const, userId, upTo, count: 2 });

  it('records a digest only past what an earlier one told', () => {
    const fresh = notificationDigest.initialState();
    const sent = notificationDigest.decide(record('2026-11-28T07:00:00.000Z'), fresh);
    expect(sent).toEqual([
      {
        type: 'NotificationDigestSent',
        data: { userId, upTo: '2026-11-28T07:00:00.000Z', count: 2 },
      },
    ]);
    const told = notificationDigest.evolve(fresh, sent[0]!);
    expect(notificationDigest.decide(record('2026-11-28T07:00:00.000Z'), told)).toEqual([]);
    expect(notificationDigest.decide(record('2026-11-28T06:00:00.000Z'), told)).toEqual([]);
    expect(notificationDigest.decide(record('2026-11-29T07:00:00.000Z'), told)).toHaveLength(1);
  });
});
