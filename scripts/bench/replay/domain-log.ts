import { STORY_CATEGORIES } from '@whosright/contracts/shared/categories';
import { newId } from '@whosright/contracts/shared/ids';
import { seededRandom, type SampleAppend } from '@whosright/projections/testing/sample-log';

/**
 * A realistic log of the product's own events, valid against their schemas: members register,
 * stories are submitted and mostly approved (and pooled), then views (about half), skips, votes
 * (one per member and story, with engage), comments and comment votes, concentrated on recent
 * stories, with recorded times spread over `days` in order.
 */
export function* domainLog(options: {
  events: number;
  seed?: number;
  days?: number;
}): Generator<SampleAppend> {
  const { events, seed = 7, days = 30 } = options;
  const random = seededRandom(seed);
  const start = Date.parse('2026-10-01T00:00:00.000Z');
  const stepMs = (days * 86_400_000) / events;
  let time = start;
  let made = 0;
  const memberCount = Math.max(10, Math.floor(events / 50));
  const members: string[] = [];
  const approved: Array<{ id: string; category: string; content: string }> = [];
  const comments: Array<{ id: string; storyId: string; authorId: string }> = [];
  const seen = new Set<string>();
  let slot = 0;

  const make = (
    stream: string,
    type: string,
    data: Record<string, unknown>,
    actor: { actorId?: string; visitorId?: string },
  ): SampleAppend => {
    time += stepMs * (0.5 + random());
    made++;
    return {
      stream,
      event: {
        type,
        data,
        metadata: {
          ...actor,
          correlationId: `bench-${made}`,
          recordedAt: new Date(time).toISOString(),
        },
      },
    };
  };
  const member = () => members[Math.floor(random() * members.length)]!;
  const recent = () => approved[approved.length - 1 - Math.floor(approved.length * random() ** 3)]!;
  const once = (key: string) => (seen.has(key) ? false : (seen.add(key), true));

  function* register(): Generator<SampleAppend> {
    const userId = newId('user', time);
    members.push(userId);
    yield make(
      `user-${userId}`,
      'UserRegistered',
      {
        userId,
        email: `${userId.toLowerCase()}@bench.invalid`,
        firstName: 'Bench',
        lastName: null,
        passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$bench$bench',
        role: 'user',
        profileImageUrl: null,
      },
      { actorId: userId },
    );
  }

  /** A story submitted, and most of them approved and pooled (never past the count asked for). */
  function* submit(): Generator<SampleAppend> {
    const storyId = newId('story', time);
    const authorId = member();
    const category = STORY_CATEGORIES[Math.floor(random() * STORY_CATEGORIES.length)]!.value;
    const content = `Story ${made}: we disagree about who should do the dishes after a long day, and neither of us will give in.`;
    yield make(
      `story-${storyId}`,
      'StorySubmitted',
      { storyId, authorId, content, category },
      { actorId: authorId },
    );
    if (made >= events - 1 || random() >= 0.9) return;
    approved.push({ id: storyId, category, content });
    const admin = { actorId: members[0]! };
    yield make(
      `story-${storyId}`,
      'StoryModerated',
      { storyId, moderatorId: members[0]!, from: 'pending', to: 'approved', reason: null },
      admin,
    );
    yield make('storyPool-approved', 'StoryPooled', { storyId, slot: slot++ }, admin);
  }

  /** A visitor's view or skip, once per visitor, story and kind. */
  function* viewOrSkip(type: 'StoryViewed' | 'StorySkipped'): Generator<SampleAppend> {
    const story = recent();
    const visitorKey = `v-${Math.floor(random() * memberCount * 4)}`;
    if (!once(`${story.id}:${visitorKey}:${type}`)) return;
    yield make(
      `storyActivity-${story.id}-${visitorKey}`,
      type,
      { storyId: story.id, visitorKey },
      { visitorId: visitorKey },
    );
  }

  function* vote(): Generator<SampleAppend> {
    const story = recent();
    const userId = member();
    // A vote is two events: never let the pair run past the count asked for.
    if (made >= events - 1 || !once(`${story.id}:${userId}:vote`)) return;
    yield make(
      `storyVote-${story.id}-${userId}`,
      'StoryVoteCast',
      { storyId: story.id, userId, vote: random() < 0.52 ? 'he' : 'she' },
      { actorId: userId },
    );
    yield make(
      `storyActivity-${story.id}-u-${userId}`,
      'StoryEngaged',
      { storyId: story.id, visitorKey: `u-${userId}` },
      { actorId: userId },
    );
  }

  function* comment(): Generator<SampleAppend> {
    const story = recent();
    const authorId = member();
    const commentId = newId('comment', time);
    comments.push({ id: commentId, storyId: story.id, authorId });
    yield make(
      `comment-${commentId}`,
      'CommentPosted',
      {
        commentId,
        storyId: story.id,
        authorId,
        content: 'Honestly, you are both a bit right here.',
        story: { category: story.category, content: story.content },
      },
      { actorId: authorId },
    );
  }

  /** A vote on a recent comment, never its author's, once per member. */
  function* commentVote(): Generator<SampleAppend> {
    const target = comments[comments.length - 1 - Math.floor(comments.length * random() ** 2)]!;
    const userId = member();
    if (userId === target.authorId || !once(`${target.id}:${userId}`)) return;
    yield make(
      `commentVote-${target.id}-${userId}`,
      'CommentVoteCast',
      {
        commentId: target.id,
        storyId: target.storyId,
        userId,
        vote: random() < 0.6 ? 'up' : 'down',
        previous: null,
      },
      { actorId: userId },
    );
  }

  /** What happens next, by a roll of the dice: members and stories first, then mostly activity. */
  function next(roll: number): Generator<SampleAppend> {
    if (members.length < memberCount && (members.length < 10 || roll < 0.02)) return register();
    if (!approved.length || roll < 0.01) return submit();
    if (roll < 0.65) return viewOrSkip(roll < 0.5 ? 'StoryViewed' : 'StorySkipped');
    if (roll < 0.85) return vote();
    if (roll < 0.93 || comments.length === 0) return comment();
    return commentVote();
  }

  while (made < events) yield* next(random());
}
