import { describe, it } from 'vitest';
import type { CommentVoteChoice } from '@whosright/contracts/comment/events';
import { eventLog } from '../testing/event-log';
import { projectionSpec } from '../testing/projection-spec';
import { commentsProjection } from './projection';

const author = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
const admin = 'user_01JBBBBBBBBBBBBBBBBBBBBBBB';
const ann = 'user_01JC0000000000000000000001';
const ben = 'user_01JC0000000000000000000002';
const cat = 'user_01JC0000000000000000000003';
const dan = 'user_01JC0000000000000000000004';
const eve = 'user_01JC0000000000000000000005';
const dishes = 'story_01JDDDDDDDDDDDDDDDDDDDDDDD';
const rent = 'story_01JEEEEEEEEEEEEEEEEEEEEEEE';
const tip = 'comment_01JG0000000000000000000001';
const rant = 'comment_01JG0000000000000000000002';
const rule = 'rule_01JH0000000000000000000001';

const stories = {
  [dishes]: { category: 'household', content: 'He never does the dishes.' },
  [rent]: { category: 'money', content: 'She pays the rent late every month.' },
} as const;

/** A comment on the dishes story as its author wrote it. */
const written = (commentId: string, content: string) => ({
  commentId,
  storyId: dishes,
  authorId: author,
  content,
  story: stories[dishes],
});

/** Comments and their votes as the API writes them, in a log of its own. */
function commentHistory() {
  const log = eventLog();
  /** What each user's vote on each comment is so far: the next vote carries it as `previous`. */
  const votes = new Map<string, CommentVoteChoice>();
  return {
    posted: (commentId: string, storyId: keyof typeof stories, content: string) =>
      log.comment(
        {
          type: 'CommentPosted',
          data: { commentId, storyId, authorId: author, content, story: stories[storyId] },
        },
        { actorId: author },
      ),
    edited: (commentId: string, content: string, previous: string, more: object = {}) =>
      log.comment(
        {
          type: 'CommentEdited',
          data: { commentId, storyId: dishes, authorId: author, content, previous, ...more },
        },
        { actorId: author },
      ),
    replied: (commentId: string, parentId: string, content: string) =>
      log.comment(
        {
          type: 'CommentPosted',
          data: { ...written(commentId, content), parentId, parentAuthorId: author },
        },
        { actorId: author },
      ),
    deleted: (commentId: string, deletedBy: string, parentId?: string) =>
      log.comment(
        {
          type: 'CommentDeleted',
          data: {
            commentId,
            storyId: dishes,
            authorId: author,
            deletedBy,
            byAdmin: deletedBy === admin,
            ...(parentId ? { parentId } : {}),
          },
        },
        { actorId: deletedBy },
      ),
    storyDeleted: () =>
      log.story(
        {
          type: 'StoryDeleted',
          data: { storyId: dishes, authorId: author, deletedBy: admin, byAdmin: true },
        },
        { actorId: admin },
      ),
    commentsRemoved: (count: number) =>
      log.story(
        { type: 'StoryCommentsRemoved', data: { storyId: dishes, count } },
        { actorId: admin },
      ),
    held: (commentId: string, content: string) =>
      log.comment(
        {
          type: 'CommentHeld',
          data: { ...written(commentId, content), heldBy: { ruleId: rule, ruleName: 'Insults' } },
        },
        { actorId: author },
      ),
    approved: (commentId: string, content: string) =>
      log.comment(
        {
          type: 'CommentPosted',
          data: { ...written(commentId, content), approvedBy: admin },
        },
        { actorId: admin },
      ),
    flaggedByRule: (commentId: string, content: string) =>
      log.comment(
        {
          type: 'CommentPosted',
          data: { ...written(commentId, content), flaggedBy: { ruleId: rule, ruleName: 'Crypto' } },
        },
        { actorId: author },
      ),
    kept: (commentId: string, downvotes: number) =>
      log.comment(
        {
          type: 'CommentKept',
          data: { commentId, storyId: dishes, authorId: author, keptBy: admin, downvotes },
        },
        { actorId: admin },
      ),
    withdrawn: (commentId: string, userId: string) => {
      const key = `${commentId}:${userId}`;
      const previous = votes.get(key)!;
      votes.delete(key);
      return log.commentVote(
        { type: 'CommentVoteWithdrawn', data: { commentId, storyId: dishes, userId, previous } },
        { actorId: userId },
      );
    },
    voted: (commentId: string, userId: string, vote: CommentVoteChoice) => {
      const key = `${commentId}:${userId}`;
      const previous = votes.get(key) ?? null;
      votes.set(key, vote);
      return log.commentVote(
        { type: 'CommentVoteCast', data: { commentId, storyId: dishes, userId, vote, previous } },
        { actorId: userId },
      );
    },
  };
}

/** A comment on the dishes story as posted; tests spread in what changed since. */
function comment(posted: { data: { commentId: string }; metadata: { recordedAt: string } }) {
  return {
    _id: posted.data.commentId,
    storyId: dishes,
    authorId: author,
    content: 'Take turns, one week each.',
    createdAt: posted.metadata.recordedAt,
    upvotes: 0,
    downvotes: 0,
    flagged: false,
    flagScore: 0,
  };
}

/** Where a comment on the dishes story stands in its thread, as posted. */
function thread(posted: { data: { commentId: string }; metadata: { recordedAt: string } }) {
  return { _id: posted.data.commentId, storyId: dishes, createdAt: posted.metadata.recordedAt };
}

/** A comment voted on keeps when the last vote among `events` was cast. */
function votedAt(events: ReadonlyArray<{ type: string; metadata: { recordedAt: string } }>) {
  const last = events.filter((event) => event.type === 'CommentVoteCast').at(-1);
  return { lastVotedAt: last?.metadata.recordedAt };
}

function vote(commentId: string, userId: string, choice: CommentVoteChoice) {
  return { _id: `${commentId}:${userId}`, vote: choice };
}

describe('comments projection', () => {
  const spec = projectionSpec(commentsProjection);

  it('when a rule holds a comment it keeps it apart, until approving posts it as of then', async () => {
    const history = commentHistory();
    const held = history.held(rant, 'You numpty.');
    const heldDoc = {
      _id: rant,
      storyId: dishes,
      authorId: author,
      content: 'You numpty.',
      heldAt: held.metadata.recordedAt,
      ruleId: rule,
      ruleName: 'Insults',
    };
    await spec
      .given([])
      .when(held)
      .then({ comments: [], votes: [], sweeps: [], held: [heldDoc], threads: [], versions: [] });
    const approved = history.approved(rant, 'You numpty.');
    await spec
      .given([held])
      .when(approved)
      .then({
        comments: [{ ...comment(approved), _id: rant, content: 'You numpty.' }],
        votes: [],
        sweeps: [],
        held: [],
        threads: [{ ...thread(approved), _id: rant }],
        versions: [],
      });
  });

  it('when a rule flags a comment it is flagged until an admin keeps it', async () => {
    const history = commentHistory();
    const posted = history.flaggedByRule(tip, 'Take turns, one week each.');
    const flagged = { ...comment(posted), automodRule: 'Crypto', flagged: true };
    await spec
      .given([])
      .when(posted)
      .then({
        comments: [flagged],
        votes: [],
        sweeps: [],
        held: [],
        threads: [thread(posted)],
        versions: [],
      });
    await spec
      .given([posted])
      .when(history.kept(tip, 0))
      .then({
        comments: [{ ...flagged, flagged: false, keptDownvotes: 0 }],
        votes: [],
        sweeps: [],
        held: [],
        threads: [thread(posted)],
        versions: [],
      });
  });

  it('when a comment is posted it keeps it under the id of its story, without a copy of the story, without votes, not flagged', async () => {
    const posted = commentHistory().posted(tip, dishes, 'Take turns, one week each.');
    await spec
      .given([])
      .when(posted)
      .then({
        sweeps: [],
        held: [],
        threads: [thread(posted)],
        comments: [
          {
            _id: tip,
            storyId: dishes,
            authorId: author,
            content: 'Take turns, one week each.',
            createdAt: posted.metadata.recordedAt,
            upvotes: 0,
            downvotes: 0,
            flagged: false,
            flagScore: 0,
          },
        ],
        votes: [],
        versions: [],
      });
  });

  it('when a user upvotes a comment it counts the vote and records it as theirs', async () => {
    const history = commentHistory();
    const posted = history.posted(tip, dishes, 'Take turns, one week each.');
    const next = history.voted(tip, ann, 'up');
    await spec
      .given([posted])
      .when(next)
      .then({
        sweeps: [],
        held: [],
        threads: [thread(posted)],
        comments: [{ ...comment(posted), ...votedAt([posted, next]), upvotes: 1, flagScore: -1 }],
        votes: [vote(tip, ann, 'up')],
        versions: [],
      });
  });

  it('when a user switches their vote it moves exactly one count from up to down', async () => {
    const history = commentHistory();
    const posted = history.posted(tip, dishes, 'Take turns, one week each.');
    const given = [
      posted,
      history.voted(tip, ann, 'up'),
      history.voted(tip, ben, 'up'),
      history.voted(tip, cat, 'down'),
    ];
    const next = history.voted(tip, ann, 'down');
    await spec
      .given(given)
      .when(next)
      .then({
        sweeps: [],
        held: [],
        threads: [thread(posted)],
        comments: [
          {
            ...comment(posted),
            ...votedAt([...given, next]),
            upvotes: 1,
            downvotes: 2,
            flagScore: 1,
          },
        ],
        votes: [vote(tip, ann, 'down'), vote(tip, ben, 'up'), vote(tip, cat, 'down')],
        versions: [],
      });
  });

  it('when a third downvote outnumbers the upvotes it flags the comment', async () => {
    const history = commentHistory();
    const posted = history.posted(tip, dishes, 'Take turns, one week each.');
    const given = [
      posted,
      history.voted(tip, ann, 'down'),
      history.voted(tip, ben, 'up'),
      history.voted(tip, cat, 'down'),
    ];
    const next = history.voted(tip, dan, 'down');
    await spec
      .given(given)
      .when(next)
      .then({
        sweeps: [],
        held: [],
        threads: [thread(posted)],
        comments: [
          {
            ...comment(posted),
            ...votedAt([...given, next]),
            upvotes: 1,
            downvotes: 3,
            flagged: true,
            flagScore: 2,
          },
        ],
        votes: [
          vote(tip, ann, 'down'),
          vote(tip, ben, 'up'),
          vote(tip, cat, 'down'),
          vote(tip, dan, 'down'),
        ],
        versions: [],
      });
  });

  it('when a downvote that flagged a comment is withdrawn the count and the flag go back', async () => {
    const history = commentHistory();
    const posted = history.posted(tip, dishes, 'Take turns, one week each.');
    const given = [
      posted,
      history.voted(tip, ann, 'down'),
      history.voted(tip, ben, 'down'),
      history.voted(tip, cat, 'down'),
    ];
    const next = history.withdrawn(tip, cat);
    await spec
      .given(given)
      .when(next)
      .then({
        sweeps: [],
        held: [],
        threads: [thread(posted)],
        comments: [
          { ...comment(posted), ...votedAt([...given, next]), downvotes: 2, flagScore: 2 },
        ],
        votes: [vote(tip, ann, 'down'), vote(tip, ben, 'down')],
        versions: [],
      });
  });

  it('when an admin keeps a flagged comment it is no longer flagged, and stays', async () => {
    const history = commentHistory();
    const posted = history.posted(tip, dishes, 'Take turns, one week each.');
    const given = [
      posted,
      history.voted(tip, ann, 'down'),
      history.voted(tip, ben, 'down'),
      history.voted(tip, cat, 'down'),
    ];
    const next = history.kept(tip, 3);
    await spec
      .given(given)
      .when(next)
      .then({
        sweeps: [],
        held: [],
        threads: [thread(posted)],
        comments: [
          {
            ...comment(posted),
            ...votedAt([...given, next]),
            downvotes: 3,
            keptDownvotes: 3,
            flagScore: 3,
          },
        ],
        votes: [vote(tip, ann, 'down'), vote(tip, ben, 'down'), vote(tip, cat, 'down')],
        versions: [],
      });
  });

  it('when a kept comment gets another downvote it is flagged again', async () => {
    const history = commentHistory();
    const posted = history.posted(tip, dishes, 'Take turns, one week each.');
    const given = [
      posted,
      history.voted(tip, ann, 'down'),
      history.voted(tip, ben, 'down'),
      history.voted(tip, cat, 'down'),
      history.kept(tip, 3),
    ];
    const next = history.voted(tip, dan, 'down');
    await spec
      .given(given)
      .when(next)
      .then({
        sweeps: [],
        held: [],
        threads: [thread(posted)],
        comments: [
          {
            ...comment(posted),
            ...votedAt([...given, next]),
            downvotes: 4,
            keptDownvotes: 3,
            flagged: true,
            flagScore: 4,
          },
        ],
        votes: [
          vote(tip, ann, 'down'),
          vote(tip, ben, 'down'),
          vote(tip, cat, 'down'),
          vote(tip, dan, 'down'),
        ],
        versions: [],
      });
  });

  it('when three downvotes do not outnumber the upvotes it leaves the comment unflagged', async () => {
    const history = commentHistory();
    const posted = history.posted(tip, dishes, 'Take turns, one week each.');
    const given = [
      posted,
      history.voted(tip, ann, 'up'),
      history.voted(tip, ben, 'up'),
      history.voted(tip, cat, 'up'),
      history.voted(tip, dan, 'down'),
      history.voted(tip, eve, 'down'),
    ];
    const next = history.voted(tip, admin, 'down');
    await spec
      .given(given)
      .when(next)
      .then({
        sweeps: [],
        held: [],
        threads: [thread(posted)],
        comments: [{ ...comment(posted), ...votedAt([...given, next]), upvotes: 3, downvotes: 3 }],
        votes: [
          vote(tip, ann, 'up'),
          vote(tip, ben, 'up'),
          vote(tip, cat, 'up'),
          vote(tip, dan, 'down'),
          vote(tip, eve, 'down'),
          vote(tip, admin, 'down'),
        ],
        versions: [],
      });
  });

  it('when a downvote of a flagged comment switches to up it unflags it', async () => {
    const history = commentHistory();
    const posted = history.posted(tip, dishes, 'Take turns, one week each.');
    const given = [
      posted,
      history.voted(tip, ann, 'down'),
      history.voted(tip, ben, 'down'),
      history.voted(tip, cat, 'down'),
    ];
    const next = history.voted(tip, cat, 'up');
    await spec
      .given(given)
      .when(next)
      .then({
        sweeps: [],
        held: [],
        threads: [thread(posted)],
        comments: [
          {
            ...comment(posted),
            ...votedAt([...given, next]),
            upvotes: 1,
            downvotes: 2,
            flagScore: 1,
          },
        ],
        votes: [vote(tip, ann, 'down'), vote(tip, ben, 'down'), vote(tip, cat, 'up')],
        versions: [],
      });
  });

  it('when a comment first reaches +10 it keeps that moment, even once the score falls back', async () => {
    const history = commentHistory();
    const posted = history.posted(tip, dishes, 'Take turns, one week each.');
    const member = (n: number) => `user_01JC00000000000000000001${String(n).padStart(2, '0')}`;
    const ups = Array.from({ length: 10 }, (_, n) => history.voted(tip, member(n), 'up'));
    const tenth = ups[9]!;
    const down = history.voted(tip, member(10), 'down');
    await spec
      .given([posted, ...ups.slice(0, 9)])
      .when(tenth)
      .then({
        sweeps: [],
        held: [],
        threads: [thread(posted)],
        comments: [
          {
            ...comment(posted),
            upvotes: 10,
            flagScore: -10,
            lastVotedAt: tenth.metadata.recordedAt,
            topAt: tenth.metadata.recordedAt,
          },
        ],
        votes: ups.map((_, n) => vote(tip, member(n), 'up')),
        versions: [],
      });
    await spec
      .given([posted, ...ups])
      .when(down)
      .then({
        sweeps: [],
        held: [],
        threads: [thread(posted)],
        comments: [
          {
            ...comment(posted),
            upvotes: 10,
            downvotes: 1,
            flagScore: -9,
            lastVotedAt: down.metadata.recordedAt,
            topAt: tenth.metadata.recordedAt,
          },
        ],
        votes: [...ups.map((_, n) => vote(tip, member(n), 'up')), vote(tip, member(10), 'down')],
        versions: [],
      });
  });

  it('when a comment is deleted it removes it and keeps the other comments and the votes cast on it', async () => {
    const history = commentHistory();
    const posted = history.posted(tip, dishes, 'Take turns, one week each.');
    const other = history.posted(rant, rent, 'Late is late.');
    const given = [posted, other, history.voted(tip, ann, 'down')];
    await spec
      .given(given)
      .when(history.deleted(tip, admin))
      .then({
        sweeps: [],
        held: [],
        threads: [
          { ...thread(posted), deleted: true },
          { ...thread(other), storyId: rent },
        ],
        comments: [
          {
            _id: rant,
            storyId: rent,
            authorId: author,
            content: 'Late is late.',
            createdAt: other.metadata.recordedAt,
            upvotes: 0,
            downvotes: 0,
            flagged: false,
            flagScore: 0,
          },
        ],
        votes: [vote(tip, ann, 'down')],
        versions: [],
      });
  });

  it('when a vote lands after its comment was deleted it does not bring the comment back', async () => {
    const history = commentHistory();
    const posted = history.posted(tip, dishes, 'Take turns, one week each.');
    const given = [posted, history.deleted(tip, author)];
    await spec
      .given(given)
      .when(history.voted(tip, ann, 'up'))
      .then({
        comments: [],
        votes: [vote(tip, ann, 'up')],
        sweeps: [],
        held: [],
        threads: [{ ...thread(posted), deleted: true }],
        versions: [],
      });
  });

  it('when a reply is posted it names its parent and its author, and the parent counts it', async () => {
    const history = commentHistory();
    const posted = history.posted(tip, dishes, 'Take turns, one week each.');
    const reply = history.replied(rant, tip, 'Fine by me.');
    await spec
      .given([posted])
      .when(reply)
      .then({
        comments: [
          { ...comment(posted), replyCount: 1 },
          {
            ...comment(reply),
            content: 'Fine by me.',
            parentId: tip,
            parentAuthorId: author,
          },
        ],
        votes: [],
        sweeps: [],
        held: [],
        threads: [
          { ...thread(posted), replies: 1 },
          { ...thread(reply), parentId: tip },
        ],
        versions: [],
      });
  });

  it('when a comment with a reply is deleted its thread stays, and a deleted reply is counted no more', async () => {
    const history = commentHistory();
    const posted = history.posted(tip, dishes, 'Take turns, one week each.');
    const reply = history.replied(rant, tip, 'Fine by me.');
    await spec
      .given([posted, reply])
      .when(history.deleted(tip, author))
      .then({
        comments: [
          { ...comment(reply), content: 'Fine by me.', parentId: tip, parentAuthorId: author },
        ],
        votes: [],
        sweeps: [],
        held: [],
        threads: [
          { ...thread(posted), replies: 1, deleted: true },
          { ...thread(reply), parentId: tip },
        ],
        versions: [],
      });
    await spec
      .given([posted, reply])
      .when(history.deleted(rant, author, tip))
      .then({
        comments: [{ ...comment(posted), replyCount: 0 }],
        votes: [],
        sweeps: [],
        held: [],
        threads: [
          { ...thread(posted), replies: 0 },
          { ...thread(reply), parentId: tip, deleted: true },
        ],
        versions: [],
      });
  });

  it('when a comment is edited it shows the new text and when, and keeps the text it replaced', async () => {
    const history = commentHistory();
    const posted = history.posted(tip, dishes, 'Take turns, one week each.');
    const edit = history.edited(tip, 'Take turns, two weeks each.', 'Take turns, one week each.');
    await spec
      .given([posted])
      .when(edit)
      .then({
        comments: [
          {
            ...comment(posted),
            content: 'Take turns, two weeks each.',
            editedAt: edit.metadata.recordedAt,
          },
        ],
        votes: [],
        sweeps: [],
        held: [],
        threads: [thread(posted)],
        versions: [
          {
            _id: tip,
            texts: {
              [String(edit.position)]: {
                content: 'Take turns, one week each.',
                until: edit.metadata.recordedAt,
              },
            },
          },
        ],
      });
  });

  it('when a rule holds an edit the comment leaves the story for the held list until approved', async () => {
    const history = commentHistory();
    const posted = history.posted(tip, dishes, 'Take turns, one week each.');
    const rule = { ruleId: 'rule_01JH0000000000000000000001', ruleName: 'Ads' };
    const heldEdit = history.edited(tip, 'Buy my mop.', 'Take turns, one week each.', {
      heldBy: rule,
    });
    const version = {
      _id: tip,
      texts: {
        [String(heldEdit.position)]: {
          content: 'Take turns, one week each.',
          until: heldEdit.metadata.recordedAt,
        },
      },
    };
    const editedDoc = {
      ...comment(posted),
      content: 'Buy my mop.',
      editedAt: heldEdit.metadata.recordedAt,
      heldEdit: true,
    };
    await spec
      .given([posted])
      .when(heldEdit)
      .then({
        comments: [editedDoc],
        votes: [],
        sweeps: [],
        held: [
          {
            _id: tip,
            storyId: dishes,
            authorId: author,
            content: 'Buy my mop.',
            heldAt: heldEdit.metadata.recordedAt,
            ruleId: rule.ruleId,
            ruleName: 'Ads',
          },
        ],
        threads: [thread(posted)],
        versions: [version],
      });
    const { heldEdit: _held, ...shown } = editedDoc;
    await spec
      .given([posted, heldEdit])
      .when(history.edited(tip, 'Buy my mop.', 'Buy my mop.', { approvedBy: admin }))
      .then({
        comments: [shown],
        votes: [],
        sweeps: [],
        held: [],
        threads: [thread(posted)],
        versions: [version],
      });
  });

  it('when a switch is delivered again it moves the count once', async () => {
    const history = commentHistory();
    const given = [
      history.posted(tip, dishes, 'Take turns, one week each.'),
      history.voted(tip, ann, 'up'),
    ];
    const switched = history.voted(tip, ann, 'down');
    await spec
      .given([...given, switched])
      .when(switched)
      .thenNothingChanges();
  });

  it('when a story is deleted it keeps a sweep open until its comments are all removed', async () => {
    const history = commentHistory();
    const posted = history.posted(tip, dishes, 'Take turns, one week each.');
    const deleted = history.storyDeleted();
    await spec
      .given([posted])
      .when(deleted)
      .then({
        comments: [comment(posted)],
        votes: [],
        sweeps: [{ _id: dishes, deletedBy: admin }],
        held: [],
        threads: [thread(posted)],
        versions: [],
      });
    await spec
      .given([posted, deleted, history.deleted(tip, admin)])
      .when(history.commentsRemoved(1))
      .then({
        comments: [],
        votes: [],
        sweeps: [],
        held: [],
        threads: [{ ...thread(posted), deleted: true }],
        versions: [],
      });
  });
});
