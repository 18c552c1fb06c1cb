import { randomBytes } from 'node:crypto';
import type { AccountUseCases } from '#api/account/account-use-cases';
import type { Actor } from '#api/platform/actor';
import type { Logger } from '#api/platform/logger';
import type { StoryService } from '#api/story/story-service';
import type { CommandBus } from '#api/write/command-bus';
import { visitorKeyOfVisitor, type StoryEngagement } from '#api/story/story-engagement';
import { createDemoAdmin } from './demo-admin';
import { DEMO_MEMBERS, DEMO_STORIES, type DemoStory } from './demo-content';
import { seedDemoModeration } from './seed-demo-moderation';

const DAY_MS = 24 * 60 * 60 * 1000;
const HISTORY_DAYS = 30;
export const DEMO_EMAIL_DOMAIN = 'demo.whosright.invalid';

/** A small seeded PRNG (mulberry32), so every fresh installation gets the same demo history. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SeedServices {
  /** The seed writes only into an empty log. */
  bus: Pick<CommandBus, 'logIsEmpty'>;
  accounts: AccountUseCases;
  stories: StoryService;
  engagement: StoryEngagement;
  /** Seeds what later slices add (comments), given the story ids, voters and clock. */
  extras?: Array<(context: SeedContext) => Promise<void>>;
  /** In development: where to write the demo admin's e-mail and password (none elsewhere). */
  demoAdminFile?: string | undefined;
}

export interface SeedContext {
  story: DemoStory;
  storyId: string;
  members: string[];
  random: () => number;
  /** The actor of the next seeded action, a few minutes after the previous one. */
  at: (userId?: string) => Actor;
}

/**
 * With SEED_DEMO on and an empty store, writes a living demo through the same command handlers a
 * request uses (never straight into read models): members, about 40 approved stories over the
 * last 30 days, votes, views and skips, and the admin side (pending, rejected and hidden stories, a
 * banned member). Timestamps are back-dated but always increase, so the log
 * reads like real history (and `npm run replay -- --until` works on it).
 */
export async function seedDemo(
  services: SeedServices,
  logger: Logger,
  now = Date.now(),
): Promise<boolean> {
  if (!(await services.bus.logIsEmpty())) return false;
  const started = Date.now();
  const random = prng(20261122);
  let clock = now - HISTORY_DAYS * DAY_MS;
  const actorAt = (time: number, userId?: string): Actor => ({
    correlationId: 'demo-seed',
    recordedAt: new Date(time).toISOString(),
    ...(userId ? { userId } : {}),
  });

  const members: string[] = [];
  for (const [i, member] of DEMO_MEMBERS.entries()) {
    clock += 60_000;
    const userId = await services.accounts.registration.createAccount(
      {
        email: `member${i + 1}@${DEMO_EMAIL_DOMAIN}`,
        password: randomBytes(24).toString('base64url'),
        firstName: member.firstName,
        lastName: member.lastName,
      },
      actorAt(clock),
    );
    if (member.username)
      await services.accounts.profiles.update(
        userId,
        { username: member.username, profileImageUrl: null },
        actorAt(clock, userId),
      );
    members.push(userId);
  }
  const moderatorId = await services.accounts.registration.createAccount(
    {
      email: `moderator@${DEMO_EMAIL_DOMAIN}`,
      password: randomBytes(24).toString('base64url'),
      firstName: 'Demo',
      lastName: 'Moderator',
    },
    actorAt(clock),
  );
  await services.accounts.rolesAndBans.change(moderatorId, 'promote', actorAt(clock));

  const approvedStoryIds: string[] = [];
  const spacing = ((HISTORY_DAYS - 3) * DAY_MS) / DEMO_STORIES.length;
  let nominal = clock;
  // Mixed categories in the feed, in the same order on every fresh installation.
  const order = DEMO_STORIES.map((story) => ({ story, key: random() })).sort(
    (a, b) => a.key - b.key,
  );
  for (const { story } of order) {
    nominal += spacing * (0.6 + random() * 0.8);
    // Every timestamp in the seed increases: a story starts after the previous one's activity.
    clock = Math.max(nominal, clock + 60_000);
    const authorId = members[Math.floor(random() * members.length)]!;
    const storyId = await services.stories.submit(
      { _id: authorId },
      story.content,
      story.category,
      actorAt(clock, authorId),
    );
    await services.stories.moderate(
      storyId,
      { _id: moderatorId },
      'approved',
      null,
      actorAt(clock + 3_600_000, moderatorId),
    );
    approvedStoryIds.push(storyId);

    clock += 2 * 3_600_000;
    const voters = members
      .filter((m) => m !== authorId)
      .sort(() => random() - 0.5)
      .slice(0, Math.min(story.votes, members.length - 1));
    const heVotes = Math.round(voters.length * story.heShare);
    for (const [i, voterId] of voters.entries()) {
      clock += 60_000 * (1 + random() * 20);
      await services.engagement.vote(
        storyId,
        { _id: voterId },
        i < heVotes ? 'he' : 'she',
        actorAt(clock, voterId),
      );
    }
    const skips = Math.round(story.views * story.skipShare);
    for (let v = 0; v < story.views; v++) {
      clock += 30_000 * (1 + random() * 10);
      const key = visitorKeyOfVisitor(`demo-${storyId}-${v}`);
      await services.engagement.track(storyId, key, 'view', { ...actorAt(clock), visitorId: key });
      if (v < skips)
        await services.engagement.track(storyId, key, 'skip', {
          ...actorAt((clock += 5_000)),
          visitorId: key,
        });
    }
    for (const extra of services.extras ?? []) {
      // Extras take the next moments: `at(userId)` advances the shared clock by a few minutes.
      await extra({
        story,
        storyId: storyId,
        members,
        random,
        at: (userId) => actorAt((clock += 60_000 * (2 + random() * 30)), userId),
      });
    }
  }
  const at = (userId?: string) => actorAt((clock += 60_000 * (2 + random() * 30)), userId);
  await seedDemoModeration({ ...services, moderatorId, members, approvedStoryIds, at });
  if (services.demoAdminFile)
    await createDemoAdmin(services.accounts, services.demoAdminFile, at(), at(moderatorId), logger);
  logger.info(
    { stories: DEMO_STORIES.length, members: members.length, ms: Date.now() - started },
    'demo content seeded',
  );
  return true;
}
