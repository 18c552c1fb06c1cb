import { describe, it } from 'vitest';
import type { StoryEvent } from '@whosright/contracts/story/events';
import { deciderSpec } from '#api/testing/decider-spec';
import {
  StoryCommandRejected,
  approvedStory,
  story,
  storyActivity,
  storyAddress,
  storyReaction,
  storyVote,
  type StoryRejection,
} from './decider';

const storyId = 'story_01JAAAAAAAAAAAAAAAAAAAAAAA';
const author = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
const admin = 'user_01JBBBBBBBBBBBBBBBBBBBBBBB';
const other = 'user_01JCCCCCCCCCCCCCCCCCCCCCCC';
const rejected = (reason: StoryRejection) => (error: unknown) =>
  error instanceof StoryCommandRejected && error.reason === reason;

const submitted: StoryEvent = {
  type: 'StorySubmitted',
  data: { storyId, authorId: author, content: 'He never does the dishes.', category: 'household' },
};
const approved: StoryEvent = {
  type: 'StoryModerated',
  data: { storyId, moderatorId: admin, from: 'pending', to: 'approved', reason: null },
};

describe('story decider', () => {
  const spec = deciderSpec(story);

  it('when a story is submitted it starts pending', () => {
    spec
      .given([])
      .when({
        type: 'SubmitStory',
        storyId,
        authorId: author,
        content: 'He never does the dishes.',
        category: 'household',
      })
      .then([submitted]);
  });

  describe('resubmitting', () => {
    const rejectedWithNote: StoryEvent = {
      type: 'StoryModerated',
      data: { storyId, moderatorId: admin, from: 'pending', to: 'rejected', reason: 'his side?' },
    };
    const resubmit = (by = author) =>
      ({
        type: 'ResubmitStory',
        storyId,
        authorId: by,
        content: 'He never does the dishes; he says I never ask.',
        category: 'communication',
      }) as const;
    const resubmitted = (revision: number): StoryEvent => ({
      type: 'StoryResubmitted',
      data: {
        storyId,
        authorId: author,
        content: 'He never does the dishes; he says I never ask.',
        category: 'communication',
        revision,
      },
    });

    it('when the author resubmits a rejected story it is revision 2 with the new text', () => {
      spec
        .given([submitted, rejectedWithNote])
        .when(resubmit())
        .then([resubmitted(2)]);
    });

    it('when it is rejected again and resubmitted the revision counts on', () => {
      spec
        .given([submitted, rejectedWithNote, resubmitted(2), rejectedWithNote])
        .when(resubmit())
        .then([resubmitted(3)]);
    });

    it.each([
      ['pending', [submitted]],
      ['approved', [submitted, approved]],
      ['resubmitted and pending again', [submitted, rejectedWithNote, resubmitted(2)]],
    ])('when the story is %s it is refused as not rejected', (_status, given) => {
      spec.given(given).when(resubmit()).thenThrows(rejected('not_rejected'));
    });

    it('when someone else resubmits, even an admin, it is refused as not theirs', () => {
      spec
        .given([submitted, rejectedWithNote])
        .when(resubmit(admin))
        .thenThrows(rejected('not_author'));
      spec
        .given([submitted, rejectedWithNote])
        .when(resubmit(other))
        .thenThrows(rejected('not_author'));
    });

    it('when the story is missing or deleted it is not found', () => {
      const deleted: StoryEvent = {
        type: 'StoryDeleted',
        data: { storyId, authorId: author, deletedBy: author, byAdmin: false },
      };
      spec.given([]).when(resubmit()).thenThrows(rejected('not_found'));
      spec
        .given([submitted, rejectedWithNote, deleted])
        .when(resubmit())
        .thenThrows(rejected('not_found'));
    });
  });

  it('when an admin approves it records who moved it from where to where', () => {
    spec
      .given([submitted])
      .when({ type: 'ModerateStory', storyId, moderatorId: admin, to: 'approved', reason: null })
      .then([approved]);
  });

  it('when moderation sets the status it already has nothing happens', () => {
    spec
      .given([submitted, approved])
      .when({ type: 'ModerateStory', storyId, moderatorId: admin, to: 'approved', reason: null })
      .thenNothingHappens();
  });

  it('when a hidden story is moved back to pending it records the change with the reason', () => {
    const hidden: StoryEvent = {
      type: 'StoryModerated',
      data: {
        storyId,
        moderatorId: admin,
        from: 'approved',
        to: 'hidden',
        reason: 'skipped a lot',
      },
    };
    spec
      .given([submitted, approved, hidden])
      .when({
        type: 'ModerateStory',
        storyId,
        moderatorId: admin,
        to: 'pending',
        reason: 'second look',
      })
      .then([
        {
          type: 'StoryModerated',
          data: {
            storyId,
            moderatorId: admin,
            from: 'hidden',
            to: 'pending',
            reason: 'second look',
          },
        },
      ]);
  });

  it('when someone other than the author deletes it, it is refused; the author and admins may', () => {
    spec
      .given([submitted])
      .when({ type: 'DeleteStory', storyId, userId: other, byAdmin: false })
      .thenThrows(rejected('not_author_or_admin'));
    spec
      .given([submitted])
      .when({ type: 'DeleteStory', storyId, userId: author, byAdmin: false })
      .then([
        {
          type: 'StoryDeleted',
          data: { storyId, authorId: author, deletedBy: author, byAdmin: false },
        },
      ]);
    spec
      .given([submitted])
      .when({ type: 'DeleteStory', storyId, userId: admin, byAdmin: true })
      .then([
        {
          type: 'StoryDeleted',
          data: { storyId, authorId: author, deletedBy: admin, byAdmin: true },
        },
      ]);
  });

  it('when a story is deleted every later command on it is refused as not found', () => {
    const deleted: StoryEvent = {
      type: 'StoryDeleted',
      data: { storyId, authorId: author, deletedBy: author, byAdmin: false },
    };
    spec
      .given([submitted, deleted])
      .when({ type: 'ModerateStory', storyId, moderatorId: admin, to: 'approved', reason: null })
      .thenThrows(rejected('not_found'));
    spec
      .given([])
      .when({ type: 'DeleteStory', storyId, userId: author, byAdmin: false })
      .thenThrows(rejected('not_found'));
  });
});

const hiddenEvent: StoryEvent = {
  type: 'StoryModerated',
  data: { storyId, moderatorId: admin, from: 'approved', to: 'hidden', reason: null },
};
const deletedEvent: StoryEvent = {
  type: 'StoryDeleted',
  data: { storyId, authorId: author, deletedBy: author, byAdmin: false },
};

describe('story vote decider', () => {
  const spec = deciderSpec(storyVote);
  it('when the user has not voted it records the vote; a second vote is refused', () => {
    spec
      .given([])
      .when({ type: 'CastVote', storyId, userId: other, vote: 'she' })
      .then([{ type: 'StoryVoteCast', data: { storyId, userId: other, vote: 'she' } }]);
    spec
      .given([{ type: 'StoryVoteCast', data: { storyId, userId: other, vote: 'she' } }])
      .when({ type: 'CastVote', storyId, userId: other, vote: 'he' })
      .thenThrows(rejected('already_voted'));
  });
});

describe('story activity decider', () => {
  const spec = deciderSpec(storyActivity);
  it('when a visitor views twice it counts once; skip and engage count separately', () => {
    spec
      .given([])
      .when({ type: 'TrackStory', storyId, visitorKey: 'v1', action: 'view' })
      .then([{ type: 'StoryViewed', data: { storyId, visitorKey: 'v1' } }]);
    spec
      .given([{ type: 'StoryViewed', data: { storyId, visitorKey: 'v1' } }])
      .when({ type: 'TrackStory', storyId, visitorKey: 'v1', action: 'view' })
      .thenNothingHappens();
    spec
      .given([{ type: 'StoryViewed', data: { storyId, visitorKey: 'v1' } }])
      .when({ type: 'TrackStory', storyId, visitorKey: 'v1', action: 'skip' })
      .then([{ type: 'StorySkipped', data: { storyId, visitorKey: 'v1' } }]);
  });

  it('when the address counted the skip already it records the visitor skip uncounted, once', () => {
    const uncounted = { type: 'TrackStory', storyId, visitorKey: 'v2', action: 'skip' } as const;
    spec
      .given([])
      .when({ ...uncounted, countedFromAddress: false })
      .then([{ type: 'StorySkippedAgainFromAddress', data: { storyId, visitorKey: 'v2' } }]);
    spec
      .given([{ type: 'StorySkippedAgainFromAddress', data: { storyId, visitorKey: 'v2' } }])
      .when(uncounted)
      .thenNothingHappens();
  });
});

describe('story reaction decider', () => {
  const spec = deciderSpec(storyReaction);
  it('when a reaction is given it is added; given again it is taken back', () => {
    const added = {
      type: 'StoryReactionAdded' as const,
      data: { storyId, userId: other, reaction: 'lol' as const },
    };
    spec
      .given([])
      .when({ type: 'ToggleReaction', storyId, userId: other, reaction: 'lol' })
      .then([added]);
    spec
      .given([added])
      .when({ type: 'ToggleReaction', storyId, userId: other, reaction: 'lol' })
      .then([{ ...added, type: 'StoryReactionRemoved' }]);
  });

  it('when a reaction is set it is given or withdrawn only if it is not so already', () => {
    const target = { storyId, userId: other, reaction: 'wtf' as const };
    const added = { type: 'StoryReactionAdded' as const, data: target };
    spec
      .given([])
      .when({ type: 'SetReaction', ...target, given: true })
      .then([added]);
    spec
      .given([added])
      .when({ type: 'SetReaction', ...target, given: true })
      .then([]);
    spec
      .given([added])
      .when({ type: 'SetReaction', ...target, given: false })
      .then([{ ...added, type: 'StoryReactionRemoved' }]);
    spec
      .given([])
      .when({ type: 'SetReaction', ...target, given: false })
      .then([]);
  });
});

describe('what only an approved story allows (the approved-story guard)', () => {
  const guard = (given: StoryEvent[]) =>
    deciderSpec(approvedStory).given(given).when({ type: 'AssertApproved' });
  it('when the story is approved a write on it may land', () => {
    guard([submitted, approved]).then([]);
  });

  it('when the story is pending or hidden a write on it is refused as not approved', () => {
    guard([submitted]).thenThrows(rejected('not_approved'));
    guard([submitted, approved, hiddenEvent]).thenThrows(rejected('not_approved'));
  });

  it('when the story was deleted or never existed it is refused as not found', () => {
    guard([submitted, approved, deletedEvent]).thenThrows(rejected('not_found'));
    guard([]).thenThrows(rejected('not_found'));
  });
});

describe('story address decider', () => {
  const spec = deciderSpec(storyAddress);
  const storyId = 'story_01JAAAAAAAAAAAAAAAAAAAAAAA';
  const counted = (action: 'view' | 'skip') =>
    ({ type: 'AnonymousTrackCounted', data: { storyId, action } }) as const;

  it('when an address views a story for the first time today it counts', () => {
    spec
      .given([])
      .when({ type: 'CountAnonymously', storyId, action: 'view' })
      .then([counted('view')]);
  });

  it('when the address already counted that action it is refused, the other action still counts', () => {
    spec
      .given([counted('view')])
      .when({ type: 'CountAnonymously', storyId, action: 'view' })
      .thenThrows(
        (error) => error instanceof StoryCommandRejected && error.reason === 'counted_from_address',
      );
    spec
      .given([counted('view')])
      .when({ type: 'CountAnonymously', storyId, action: 'skip' })
      .then([counted('skip')]);
  });
});

describe('story decider: removing a deleted story comments', () => {
  const spec = deciderSpec(story);
  const storyId = 'story_01JAAAAAAAAAAAAAAAAAAAAAAA';
  const authorId = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
  const submitted: StoryEvent = {
    type: 'StorySubmitted',
    data: { storyId, authorId, content: 'x', category: 'other' },
  };
  const deleted: StoryEvent = {
    type: 'StoryDeleted',
    data: { storyId, authorId, deletedBy: authorId, byAdmin: false },
  };
  const removed: StoryEvent = { type: 'StoryCommentsRemoved', data: { storyId, count: 2 } };
  const record = { type: 'RecordCommentsRemoved' as const, storyId, count: 2 };

  it('when a deleted story has its comments removed it is recorded once', () => {
    spec.given([submitted, deleted]).when(record).then([removed]);
    spec.given([submitted, deleted, removed]).when(record).then([]);
  });

  it('when the story is not deleted nothing is recorded', () => {
    spec.given([submitted]).when(record).then([]);
  });
});
