import { describe, it } from 'vitest';
import { eventLog } from '../testing/event-log';
import { projectionSpec } from '../testing/projection-spec';
import { reportsProjection } from './projection';

const storyId = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const authorId = 'user_01ARZ3NDEKTSV4RRFFQ69G5FA1';
const ann = 'user_01ARZ3NDEKTSV4RRFFQ69G5FA2';
const ben = 'user_01ARZ3NDEKTSV4RRFFQ69G5FA3';
const admin = 'user_01ARZ3NDEKTSV4RRFFQ69G5FA4';
const target = { targetType: 'story', targetId: storyId } as const;

function history() {
  const log = eventLog();
  return {
    filed: (reporterId: string, reason: 'spam' | 'other', round = 0, note?: string) =>
      log.reports({
        type: 'ReportFiled',
        data: {
          ...target,
          storyId,
          authorId,
          reporterId,
          round,
          reason,
          ...(note ? { note } : {}),
        },
      }),
    closed: (reporterIds: string[], round = 0) =>
      log.reports({
        type: 'ReportsClosed',
        data: {
          ...target,
          storyId,
          moderatorId: admin,
          round,
          action: 'hide',
          reason: 'Names',
          reporterIds,
        },
      }),
  };
}

const base = { ...target, storyId, authorId, round: 0 };

/** A reporter's side of a case (filings). */
const filing = (reporterId: string, at: string, round = 0) => ({
  _id: `story:${storyId}:${round}:${reporterId}`,
  reporterId,
  ...target,
  storyId,
  at,
  status: 'open',
});

describe('reports projection', () => {
  const spec = projectionSpec(reportsProjection);

  it('when members report a story it keeps one open case with each report, counted, newest last', async () => {
    const h = history();
    const first = h.filed(ann, 'spam', 0, 'A link to a shop.');
    const second = h.filed(ben, 'other');
    await spec
      .given([first])
      .when(second)
      .then({
        cases: [
          {
            _id: `story:${storyId}:0`,
            ...base,
            status: 'open',
            reports: {
              [ann]: { reason: 'spam', note: 'A link to a shop.', at: first.metadata.recordedAt },
              [ben]: { reason: 'other', note: null, at: second.metadata.recordedAt },
            },
            count: 2,
            lastReportedAt: second.metadata.recordedAt,
          },
        ],
        filings: [filing(ann, first.metadata.recordedAt), filing(ben, second.metadata.recordedAt)],
      });
  });

  it('when a member reports again their report is replaced, not counted twice', async () => {
    const h = history();
    const first = h.filed(ann, 'spam');
    const again = h.filed(ann, 'other', 0, 'Not about a partner at all.');
    await spec
      .given([first])
      .when(again)
      .then({
        cases: [
          {
            _id: `story:${storyId}:0`,
            ...base,
            status: 'open',
            reports: {
              [ann]: {
                reason: 'other',
                note: 'Not about a partner at all.',
                at: again.metadata.recordedAt,
              },
            },
            count: 1,
            lastReportedAt: again.metadata.recordedAt,
          },
        ],
        filings: [filing(ann, again.metadata.recordedAt)],
      });
  });

  it('when an admin closes the reports the case says what was done, and a new report opens the next', async () => {
    const h = history();
    const first = h.filed(ann, 'spam');
    const closed = h.closed([ann]);
    const next = h.filed(ben, 'spam', 1);
    await spec
      .given([first, closed])
      .when(next)
      .then({
        cases: [
          {
            _id: `story:${storyId}:0`,
            ...base,
            status: 'closed',
            reports: { [ann]: { reason: 'spam', note: null, at: first.metadata.recordedAt } },
            count: 1,
            lastReportedAt: first.metadata.recordedAt,
            closedAt: closed.metadata.recordedAt,
            action: 'hide',
            closeReason: 'Names',
            moderatorId: admin,
          },
          {
            _id: `story:${storyId}:1`,
            ...base,
            round: 1,
            status: 'open',
            reports: { [ben]: { reason: 'spam', note: null, at: next.metadata.recordedAt } },
            count: 1,
            lastReportedAt: next.metadata.recordedAt,
          },
        ],
        filings: [
          {
            ...filing(ann, first.metadata.recordedAt),
            status: 'closed',
            closedAt: closed.metadata.recordedAt,
            action: 'hide',
          },
          filing(ben, next.metadata.recordedAt, 1),
        ],
      });
  });
});
