import type { AccountUseCases } from '#api/account/account-use-cases';
import type { Actor } from '#api/platform/actor';
import type { StoryService } from '#api/story/story-service';
import { DEMO_BAN_REASON, DEMO_HIDE_REASON, DEMO_PENDING, DEMO_REJECTED } from './demo-moderation';

export interface ModerationSeed {
  accounts: AccountUseCases;
  stories: StoryService;
  moderatorId: string;
  members: readonly string[];
  approvedStoryIds: readonly string[];
  /** The actor of the next seeded action, a few minutes after the previous one. */
  at: (userId?: string) => Actor;
}

/**
 * The admin side of the demo, as real commands: stories waiting for a decision, one rejected
 * with a reason, one hidden, and a banned member, so the moderation log has a short history.
 */
export async function seedDemoModeration(seed: ModerationSeed): Promise<void> {
  const { accounts, stories, moderatorId, members, at } = seed;
  const moderator = { _id: moderatorId };
  const authorOf = (i: number) => members[(i * 7) % members.length]!;

  const rejectedAuthor = authorOf(1);
  const rejected = await stories.submit(
    { _id: rejectedAuthor },
    DEMO_REJECTED.content,
    DEMO_REJECTED.category,
    at(rejectedAuthor),
  );
  await stories.moderate(rejected, moderator, 'rejected', DEMO_REJECTED.reason, at(moderatorId));

  const hidden = seed.approvedStoryIds[seed.approvedStoryIds.length - 2];
  if (hidden)
    await stories.moderate(hidden, moderator, 'hidden', DEMO_HIDE_REASON, at(moderatorId));

  const banned = members[members.length - 1]!;
  await accounts.rolesAndBans.change(banned, 'ban', at(moderatorId), DEMO_BAN_REASON);

  for (const [i, story] of DEMO_PENDING.entries()) {
    const authorId = authorOf(i + 2);
    await stories.submit({ _id: authorId }, story.content, story.category, at(authorId));
  }
}
