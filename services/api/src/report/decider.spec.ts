import { describe, it } from 'vitest';
import { deciderSpec } from '#api/testing/decider-spec';
import { ReportCommandRejected, reports, type ReportRejection } from './decider';

const rejected = (reason: ReportRejection) => (error: unknown) =>
  error instanceof ReportCommandRejected && error.reason === reason;

const target = { targetType: 'comment', targetId: 'comment_01ARZ3NDEKTSV4RRFFQ69G5FAV' } as const;
const storyId = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const authorId = 'user_01ARZ3NDEKTSV4RRFFQ69G5FA1';
const ann = 'user_01ARZ3NDEKTSV4RRFFQ69G5FA2';
const ben = 'user_01ARZ3NDEKTSV4RRFFQ69G5FA3';
const admin = 'user_01ARZ3NDEKTSV4RRFFQ69G5FA4';

const file = (reporterId: string, reason: 'spam' | 'other', note?: string) =>
  ({
    type: 'FileReport',
    ...target,
    storyId,
    authorId,
    reporterId,
    reason,
    note,
  }) as const;
const filed = (reporterId: string, reason: 'spam' | 'other', round = 0, note?: string) => ({
  type: 'ReportFiled' as const,
  data: {
    ...target,
    storyId,
    authorId,
    reporterId,
    round,
    reason,
    ...(note === undefined ? {} : { note }),
  },
});
const closed = (reporterIds: string[], round = 0) => ({
  type: 'ReportsClosed' as const,
  data: {
    ...target,
    storyId,
    moderatorId: admin,
    round,
    action: 'dismiss' as const,
    reporterIds,
  },
});
const close = {
  type: 'CloseReports',
  ...target,
  moderatorId: admin,
  action: 'dismiss',
  reason: null,
} as const;

describe('reports decider', () => {
  const spec = deciderSpec(reports);

  it('when a member reports a target it files their report in the current round', () => {
    spec
      .given([])
      .when(file(ann, 'spam', 'Same link in every comment.'))
      .then([filed(ann, 'spam', 0, 'Same link in every comment.')]);
  });

  it('when the author reports their own writing it is refused', () => {
    spec.given([]).when(file(authorId, 'spam')).thenThrows(rejected('own_target'));
  });

  it('when a member files the same report again nothing is appended; another reason replaces it', () => {
    spec
      .given([filed(ann, 'spam')])
      .when(file(ann, 'spam'))
      .then([]);
    spec
      .given([filed(ann, 'spam')])
      .when(file(ann, 'other'))
      .then([filed(ann, 'other')]);
  });

  it('when an admin closes the reports it closes every open one, naming their reporters', () => {
    spec
      .given([filed(ann, 'spam'), filed(ben, 'other')])
      .when(close)
      .then([closed([ann, ben])]);
  });

  it('when none is open closing is refused, so the second of two admins is told it is done', () => {
    spec.given([]).when(close).thenThrows(rejected('no_open_reports'));
    spec
      .given([filed(ann, 'spam'), closed([ann])])
      .when(close)
      .thenThrows(rejected('no_open_reports'));
  });

  it('when a target is reported after a closing the report opens the next round', () => {
    spec
      .given([filed(ann, 'spam'), closed([ann])])
      .when(file(ann, 'spam'))
      .then([filed(ann, 'spam', 1)]);
  });
});
