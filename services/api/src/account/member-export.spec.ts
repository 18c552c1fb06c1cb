import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@whosright/contracts/account/dto';
import type { RecordedEvent } from '@whosright/eventstore/port';
import { MemberEventFilter } from './member-events';
import { ADMIN_ROLE, buildMemberExport } from './member-export';

const ann = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
const bob = 'user_01JBBBBBBBBBBBBBBBBBBBBBBB';
const annStory = 'story_01JAAAAAAAAAAAAAAAAAAAAAAA';
const bobStory = 'story_01JBBBBBBBBBBBBBBBBBBBBBBB';
const annComment = 'comment_01JAAAAAAAAAAAAAAAAAAAAAAA';
const session = 'p8Zq3xK0vN2mB7cR5tY1wL4hJ6gF9dSa';

const account: CurrentUser = {
  id: ann,
  username: 'ann_l',
  firstName: 'Ann',
  lastName: null,
  email: 'ann@example.com',
  profileImageUrl: null,
  role: 'user',
  status: 'active',
  createdAt: '2026-11-01T09:00:00.000Z',
  emailVerified: true,
  showSideOnComments: true,
};

/** A log of Ann's and Bob's doings, one minute apart. */
function log(): RecordedEvent[] {
  const events: Array<[string, string, unknown, string | undefined]> = [
    [
      `user-${ann}`,
      'UserRegistered',
      {
        userId: ann,
        email: 'ann@example.com',
        firstName: 'Ann',
        lastName: null,
        passwordHash: '$argon2id$secret',
        role: 'user',
        profileImageUrl: null,
      },
      ann,
    ],
    [
      `user-${ann}`,
      'EmailVerificationRequested',
      { tokenHash: 'verify-hash', expiresAt: '2026-11-02T09:00:00.000Z' },
      ann,
    ],
    [
      `session-${session}`,
      'SessionStarted',
      {
        sessionId: session,
        userId: ann,
        method: 'registration',
        expiresAt: '2026-12-01T09:00:00.000Z',
      },
      ann,
    ],
    [
      `story-${bobStory}`,
      'StorySubmitted',
      { storyId: bobStory, authorId: bob, content: 'Bob story text', category: 'money' },
      bob,
    ],
    [
      `story-${annStory}`,
      'StorySubmitted',
      { storyId: annStory, authorId: ann, content: 'Ann story text', category: 'money' },
      ann,
    ],
    [
      `story-${annStory}`,
      'StoryModerated',
      { storyId: annStory, moderatorId: bob, from: 'pending', to: 'approved', reason: null },
      bob,
    ],
    [
      `comment-${annComment}`,
      'CommentPosted',
      {
        commentId: annComment,
        storyId: bobStory,
        authorId: ann,
        content: 'Ann comment text',
        story: { category: 'money', content: 'Bob story text' },
      },
      ann,
    ],
    [
      `storyVote-${bobStory}-${ann}`,
      'StoryVoteCast',
      { storyId: bobStory, userId: ann, vote: 'she' },
      ann,
    ],
    [
      `storyVote-${bobStory}-${bob}`,
      'StoryVoteCast',
      { storyId: bobStory, userId: bob, vote: 'he' },
      bob,
    ],
    [
      `storyReaction-${bobStory}-${ann}`,
      'StoryReactionAdded',
      { storyId: bobStory, userId: ann, reaction: 'wtf' },
      ann,
    ],
    [
      `storyReaction-${bobStory}-${ann}`,
      'StoryReactionRemoved',
      { storyId: bobStory, userId: ann, reaction: 'wtf' },
      ann,
    ],
    [`session-${session}`, 'SessionEnded', { reason: 'expired' }, undefined],
  ];
  return recorded(events);
}

/** Events `[stream, type, data, actor]` as the log records them, one minute apart from 9:00. */
function recorded(
  events: ReadonlyArray<[string, string, unknown, string | undefined]>,
): RecordedEvent[] {
  return events.map(([stream, type, data, actorId], i) => ({
    id: `e${i}`,
    stream,
    type,
    data,
    metadata: {
      correlationId: `req-${i}`,
      recordedAt: new Date(Date.UTC(2026, 10, 1, 9, i)).toISOString(),
      ...(actorId ? { actorId } : {}),
    },
    revision: 0n,
    position: BigInt(i + 1),
  }));
}

const annsEvents = () => {
  const filter = new MemberEventFilter(ann);
  return log().filter((event) => filter.keeps(event));
};

describe('which events are a member’s', () => {
  it('when the log holds two members it keeps what Ann did, what names her and what followed on her streams', () => {
    expect(annsEvents().map((e) => e.type)).toEqual([
      'UserRegistered',
      'EmailVerificationRequested',
      'SessionStarted',
      'StorySubmitted',
      'StoryModerated',
      'CommentPosted',
      'StoryVoteCast',
      'StoryReactionAdded',
      'StoryReactionRemoved',
      'SessionEnded',
    ]);
  });
});

describe('building a member’s export', () => {
  const exported = () =>
    buildMemberExport(account, annsEvents(), new Date('2026-11-20T10:00:00.000Z'));

  it('when built it folds her stories, comments, votes, reactions and sessions', () => {
    const data = exported();
    expect(data.exportedAt).toBe('2026-11-20T10:00:00.000Z');
    expect(data.account).toBe(account);
    expect(data.stories).toEqual([
      {
        id: annStory,
        content: 'Ann story text',
        category: 'money',
        submittedAt: '2026-11-01T09:04:00.000Z',
        status: 'approved',
      },
    ]);
    expect(data.comments).toEqual([
      {
        id: annComment,
        storyId: bobStory,
        content: 'Ann comment text',
        postedAt: '2026-11-01T09:06:00.000Z',
      },
    ]);
    expect(data.votes).toEqual([
      { storyId: bobStory, vote: 'she', at: '2026-11-01T09:07:00.000Z' },
    ]);
    expect(data.reactions).toEqual([
      {
        storyId: bobStory,
        reaction: 'wtf',
        at: '2026-11-01T09:09:00.000Z',
        removedAt: '2026-11-01T09:10:00.000Z',
      },
    ]);
    expect(data.sessions).toEqual([
      {
        startedAt: '2026-11-01T09:02:00.000Z',
        method: 'registration',
        endedAt: '2026-11-01T09:11:00.000Z',
        endReason: 'expired',
      },
    ]);
    expect(data.events).toHaveLength(10);
    expect(data.events[0]).toMatchObject({ position: '1', stream: `user-${ann}` });
  });

  it('when built it leaves out secrets, session ids and the text of the story her comment is on', () => {
    const text = JSON.stringify(exported());
    for (const secret of ['$argon2id$secret', 'verify-hash', session, 'Bob story text'])
      expect(text, secret).not.toContain(secret);
    expect(text).toContain('Ann comment text');
  });

  it('when an admin moderated her story it names the role, never the admin', () => {
    const data = exported();
    const moderated = data.events.find((e) => e.type === 'StoryModerated');
    expect(moderated?.data).toMatchObject({ moderatorId: ADMIN_ROLE, to: 'approved' });
    expect(JSON.stringify(data)).not.toContain(bob);
  });

  it('when she resubmitted a rejected story it holds her last text and every earlier one', () => {
    const story = `story-${annStory}`;
    const first = { storyId: annStory, authorId: ann, content: 'First text', category: 'money' };
    const rejected = { storyId: annStory, moderatorId: bob, from: 'pending', to: 'rejected' };
    const again = (content: string, revision: number) => ({
      storyId: annStory,
      authorId: ann,
      content,
      category: 'family',
      revision,
    });
    const data = buildMemberExport(
      account,
      recorded([
        [story, 'StorySubmitted', first, ann],
        [story, 'StoryModerated', { ...rejected, reason: 'Add his side' }, bob],
        [story, 'StoryResubmitted', again('Second text', 2), ann],
        [story, 'StoryModerated', { ...rejected, reason: null }, bob],
        [story, 'StoryResubmitted', again('Third text', 3), ann],
      ]),
      new Date('2026-11-20T10:00:00.000Z'),
    );
    expect(data.stories).toEqual([
      {
        id: annStory,
        content: 'Third text',
        category: 'family',
        submittedAt: '2026-11-01T09:00:00.000Z',
        status: 'pending',
        resubmittedAt: '2026-11-01T09:04:00.000Z',
        earlierVersions: [
          { content: 'First text', category: 'money', at: '2026-11-01T09:00:00.000Z' },
          { content: 'Second text', category: 'family', at: '2026-11-01T09:02:00.000Z' },
        ],
      },
    ]);
    expect(data.events.map((e) => e.type)).toContain('StoryResubmitted');
  });

  it('when a vote is withdrawn or a reaction removed it closes the last one still open', () => {
    const bobComment = 'comment_01JBBBBBBBBBBBBBBBBBBBBBBB';
    const vote = `commentVote-${bobComment}-${ann}`;
    const reaction = `storyReaction-${bobStory}-${ann}`;
    const cast = { commentId: bobComment, storyId: bobStory };
    const voteOn = { ...cast, userId: ann };
    const lol = { storyId: bobStory, userId: ann, reaction: 'lol' };
    const wtf = { storyId: bobStory, userId: ann, reaction: 'wtf' };
    const data = buildMemberExport(
      account,
      recorded([
        [vote, 'CommentVoteCast', { ...voteOn, vote: 'up', previous: null }, ann],
        [vote, 'CommentVoteWithdrawn', { ...voteOn, previous: 'up' }, ann],
        [vote, 'CommentVoteCast', { ...voteOn, vote: 'down', previous: null }, ann],
        [reaction, 'StoryReactionAdded', lol, ann],
        [reaction, 'StoryReactionAdded', wtf, ann],
        [reaction, 'StoryReactionRemoved', lol, ann],
        [reaction, 'StoryReactionAdded', lol, ann],
      ]),
      new Date('2026-11-20T10:00:00.000Z'),
    );
    expect(data.commentVotes).toEqual([
      {
        ...cast,
        vote: 'up',
        at: '2026-11-01T09:00:00.000Z',
        withdrawnAt: '2026-11-01T09:01:00.000Z',
      },
      { ...cast, vote: 'down', at: '2026-11-01T09:02:00.000Z' },
    ]);
    expect(data.reactions).toEqual([
      {
        storyId: bobStory,
        reaction: 'lol',
        at: '2026-11-01T09:03:00.000Z',
        removedAt: '2026-11-01T09:05:00.000Z',
      },
      { storyId: bobStory, reaction: 'wtf', at: '2026-11-01T09:04:00.000Z' },
      { storyId: bobStory, reaction: 'lol', at: '2026-11-01T09:06:00.000Z' },
    ]);
  });
});

describe('followed stories in the export', () => {
  it('when she follows, unfollows and follows again, and unfollows her own story, it lists each', () => {
    const follow = `storyFollow-${bobStory}-${ann}`;
    const own = `storyFollow-${annStory}-${ann}`;
    const onBob = { storyId: bobStory, userId: ann };
    const data = buildMemberExport(
      account,
      recorded([
        [follow, 'StoryFollowed', { ...onBob, majority: 'he' }, ann],
        [follow, 'StoryUnfollowed', onBob, ann],
        [follow, 'StoryFollowed', { ...onBob, majority: null }, ann],
        [own, 'StoryUnfollowed', { storyId: annStory, userId: ann }, ann],
      ]),
      new Date('2026-11-20T10:00:00.000Z'),
    );
    expect(data.following).toEqual([
      {
        storyId: bobStory,
        followedAt: '2026-11-01T09:00:00.000Z',
        unfollowedAt: '2026-11-01T09:01:00.000Z',
      },
      { storyId: bobStory, followedAt: '2026-11-01T09:02:00.000Z' },
      { storyId: annStory, unfollowedAt: '2026-11-01T09:03:00.000Z' },
    ]);
  });
});

describe('held comments in the export', () => {
  const held = {
    commentId: annComment,
    storyId: bobStory,
    authorId: ann,
    content: 'Ann held text',
    story: { category: 'money', content: 'Bob story text' },
    heldBy: { ruleId: 'rule_01JAAAAAAAAAAAAAAAAAAAAAAA', ruleName: 'Insults' },
  };
  const build = (events: ReadonlyArray<[string, string, unknown, string | undefined]>) => {
    const filter = new MemberEventFilter(ann);
    const hers = recorded(events).filter((event) => filter.keeps(event));
    return buildMemberExport(account, hers, new Date('2026-11-20T10:00:00.000Z'));
  };
  const stream = `comment-${annComment}`;

  it('when her comment was held and approved it lists it posted, naming the admin by role', () => {
    const data = build([
      [stream, 'CommentHeld', held, ann],
      [stream, 'CommentPosted', { ...held, heldBy: undefined, approvedBy: bob }, bob],
    ]);
    expect(data.comments).toEqual([
      {
        id: annComment,
        storyId: bobStory,
        content: 'Ann held text',
        postedAt: '2026-11-01T09:01:00.000Z',
      },
    ]);
    const text = JSON.stringify(data);
    expect(text).not.toContain(bob);
    expect(text).not.toContain('Bob story text');
  });

  it('when her held comment waits or was deleted it says so', () => {
    expect(build([[stream, 'CommentHeld', held, ann]]).comments).toEqual([
      {
        id: annComment,
        storyId: bobStory,
        content: 'Ann held text',
        postedAt: '2026-11-01T09:00:00.000Z',
        awaitingReview: true,
      },
    ]);
    const deleted = build([
      [stream, 'CommentHeld', held, ann],
      [
        stream,
        'HeldCommentDeleted',
        { commentId: annComment, storyId: bobStory, authorId: ann, deletedBy: bob },
        bob,
      ],
    ]);
    expect(deleted.comments[0]?.deletedAt).toBe('2026-11-01T09:01:00.000Z');
    expect(JSON.stringify(deleted)).not.toContain(bob);
  });
});

describe('reports in the export', () => {
  const filed = (
    targetType: string,
    targetId: string,
    storyId: string,
    who: Record<string, string>,
  ) => ({
    targetType,
    targetId,
    storyId,
    round: 0,
    ...who,
  });
  const onBobStory = `reports-story-${bobStory}`;
  const onAnnComment = `reports-comment-${annComment}`;
  const events = () =>
    recorded([
      [
        onBobStory,
        'ReportFiled',
        {
          ...filed('story', bobStory, bobStory, { authorId: bob, reporterId: ann }),
          reason: 'spam',
        },
        ann,
      ],
      [
        onBobStory,
        'ReportFiled',
        {
          ...filed('story', bobStory, bobStory, { authorId: bob, reporterId: ann }),
          reason: 'other',
          note: 'Names his sister',
        },
        ann,
      ],
      [
        onAnnComment,
        'ReportFiled',
        {
          ...filed('comment', annComment, bobStory, { authorId: ann, reporterId: bob }),
          reason: 'harassment',
          note: 'Bob wrote this note',
        },
        bob,
      ],
    ]);

  const annsExport = () => {
    const filter = new MemberEventFilter(ann);
    const hers = events().filter((event) => filter.keeps(event));
    return buildMemberExport(account, hers, new Date('2026-11-20T10:00:00.000Z'));
  };

  it('when she filed reports it lists each as she last filed it, and never whom she reported', () => {
    const data = annsExport();
    expect(data.reports).toEqual([
      {
        targetType: 'story',
        targetId: bobStory,
        storyId: bobStory,
        reason: 'other',
        note: 'Names his sister',
        at: '2026-11-01T09:01:00.000Z',
      },
    ]);
    const own = data.events.filter((e) => e.stream === onBobStory);
    expect(own).toHaveLength(2);
    for (const event of own) expect(event.data).not.toHaveProperty('authorId');
  });

  it('when she was reported her export says so, without the reporter or their note', () => {
    const data = annsExport();
    const aboutHer = data.events.find((e) => e.stream === onAnnComment);
    expect(aboutHer?.data).toEqual({
      targetType: 'comment',
      targetId: annComment,
      storyId: bobStory,
      round: 0,
      authorId: ann,
      reason: 'harassment',
    });
    expect(data.reports).toHaveLength(1);
    const text = JSON.stringify(data);
    expect(text).not.toContain(bob);
    expect(text).not.toContain('Bob wrote this note');
  });
});

describe('the notification settings in the export', () => {
  it('holds the defaults until she changes them, then her last choice', () => {
    const at = new Date('2026-11-20T10:00:00.000Z');
    const every = (on: boolean) => ({
      approved: on,
      rejected: on,
      hidden: on,
      votes: on,
      flip: on,
      comments: on,
      commentScore: on,
      replies: on,
      report: on,
      following: on,
    });
    expect(buildMemberExport(account, [], at).notificationSettings).toEqual({
      digest: false,
      kinds: every(true),
    });
    const set = (
      digest: boolean,
      kindsOff: string[],
    ): [string, string, unknown, string | undefined] => [
      `user-${ann}`,
      'NotificationSettingsSet',
      { digest, kindsOff },
      ann,
    ];
    const data = buildMemberExport(
      account,
      recorded([set(true, ['votes']), set(true, ['votes', 'flip'])]),
      at,
    );
    expect(data.notificationSettings).toEqual({
      digest: true,
      kinds: { ...every(true), votes: false, flip: false },
    });
  });
});
