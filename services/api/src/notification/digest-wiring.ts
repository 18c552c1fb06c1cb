import { DailyDigest } from './daily-digest';
import { registerDigestJob, scheduleDailyDigest } from './digest-job';
import { NotificationService } from './notification-service';
import type { StoryFactsCache } from './story-facts-cache';
import { UnsubscribeTokens } from './unsubscribe-token';
import type { NotificationSettings } from '@whosright/contracts/notification/settings';
import type { Config } from '#api/platform/config';
import type { JobQueue } from '#api/platform/jobs/job-queue';
import type { Logger } from '#api/platform/logger';
import type { Mail } from '#api/platform/mail/mailer';
import type { CommandBus } from '#api/write/command-bus';
import type { CommentQueries } from '@whosright/projections/comments/queries';
import type { ModerationLogQueries } from '@whosright/projections/moderation-log/queries';
import type { NotificationReadQueries } from '@whosright/projections/notification-reads/queries';
import type { ReportQueries } from '@whosright/projections/reports/queries';
import type { StoryQueries } from '@whosright/projections/stories/queries';
import type { StoryFollowQueries } from '@whosright/projections/story-follows/queries';
import type { StoryTimelineQueries } from '@whosright/projections/story-timeline/queries';
import type { UserQueries } from '@whosright/projections/users/queries';

/** The read models a member's notifications are derived from (the wiring's queries have them). */
export interface NotificationQueries {
  stories: StoryQueries;
  comments: CommentQueries;
  storyTimeline: StoryTimelineQueries;
  moderationLog: ModerationLogQueries;
  notificationReads: NotificationReadQueries;
  reports: ReportQueries;
  users: UserQueries;
  storyFollows: StoryFollowQueries;
}

/** A member's notification settings, as the account slice keeps them. */
export type SettingsOf = (userId: string) => Promise<NotificationSettings>;

export interface DigestDeps {
  bus: CommandBus;
  queries: NotificationQueries;
  settings: SettingsOf;
  config: Pick<Config, 'publicUrl'> & { sessionSecret: string };
  send: (mail: Mail, jobId: string) => Promise<void>;
}

export interface DigestWiring extends DigestDeps {
  queue: JobQueue;
  logger: Logger;
  config: DigestDeps['config'] & Pick<Config, 'digestHourUtc'>;
}

/**
 * The notifications as a member's bell and digest read them, over the read models; where the
 * process hears story changes, with the stories' facts kept until they change.
 */
export function notificationServiceOver(
  bus: CommandBus,
  queries: NotificationQueries,
  settings: SettingsOf,
  storyFacts?: StoryFactsCache,
): NotificationService {
  return new NotificationService({
    bus,
    ...(storyFacts ? { storyFacts } : {}),
    stories: queries.stories,
    comments: queries.comments,
    timeline: queries.storyTimeline,
    moderationLog: queries.moderationLog,
    reads: queries.notificationReads,
    reports: queries.reports,
    users: queries.users,
    follows: queries.storyFollows,
    settings,
  });
}

/** The daily digest over the read models and the bus (`npm run digest` runs it once). */
export function dailyDigestOver(deps: DigestDeps): DailyDigest {
  const tokens = new UnsubscribeTokens(deps.config.sessionSecret);
  const notifications = notificationServiceOver(deps.bus, deps.queries, deps.settings);
  return new DailyDigest({
    bus: deps.bus,
    users: deps.queries.users,
    unread: (userId) => notifications.unread(userId),
    unsubscribeToken: (userId) => tokens.sign(userId),
    send: deps.send,
    publicUrl: deps.config.publicUrl,
  });
}

/**
 * Where jobs run (the embedded server, the worker): the daily digest, registered as a job and
 * enqueued every day at DIGEST_HOUR_UTC. Answers the digest (specs and the CLI run it at once)
 * and how to stop the schedule.
 */
export function startDailyDigest(wiring: DigestWiring): { digest: DailyDigest; stop(): void } {
  const digest = dailyDigestOver(wiring);
  registerDigestJob(wiring.queue, digest, wiring.logger);
  const schedule = scheduleDailyDigest(wiring.queue, wiring.config.digestHourUtc, wiring.logger);
  return { digest, stop: () => schedule.stop() };
}
