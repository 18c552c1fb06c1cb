import type { Router } from 'express';
import type { ForgettingLog } from '@whosright/eventstore/port';
import type { ReadStore } from '@whosright/projections/store/port';
import type { Config } from '#api/platform/config';
import type { JobQueue } from '#api/platform/jobs/job-queue';
import type { KeyValueStore } from '#api/platform/kv/key-value-store';
import type { LiveSlots } from '#api/platform/live/live-slots';
import type { StoryChanges } from '#api/platform/live/story-changes';
import type { Logger } from '#api/platform/logger';
import type { Mail } from '#api/platform/mail/mailer';
import type { MailDelivery } from '#api/platform/mail/mail-delivery';
import type { PageMetaSource } from '#api/platform/page-meta';
import type { RateLimiter } from '#api/platform/rate-limit/rate-limiter';
import type { WriteLimit } from '#api/platform/rate-limit/write-limits';
import type { OtherBodyTypes } from '#api/platform/security';
import type { SessionTokens } from '#api/platform/session-tokens';
import type { Visitors } from '#api/platform/visitor';
import type { CommandBus, RejectionsByContext } from '#api/write/command-bus';
import type { Queries } from './queries';

/**
 * What a slice offers the others (a story's approved guard to comments, a comment sweep to a
 * deleted story, the bell's nudge...). Empty here: each slice adds its own entries from its
 * `slice.ts` (`declare module '#api/wiring/slice'`), so no slice imports another and this file
 * names none of them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the slices
export interface SlicePorts {}

/** What every slice's write services are built from: the bus they write through and the reads. */
export interface ServiceDeps {
  bus: CommandBus;
  queries: Queries;
  tokens: SessionTokens;
  config: Pick<Config, 'publicUrl' | 'adminEmails'>;
  /** Queues a mail; never throws into the request. */
  sendMail: (mail: Mail) => Promise<void>;
}

/** What a slice's edge (routes, live streams, jobs) is built from, in the server process. */
export interface EdgeDeps extends ServiceDeps {
  config: Config & { sessionSecret: string };
  logger: Logger;
  /** The log as people see it: deleted members' personal fields forgotten. */
  log: ForgettingLog;
  readStore: ReadStore;
  /** Shared across processes (Redis in scale mode): kept replay and dry-run results. */
  keyValues: KeyValueStore;
  queue: JobQueue;
  /** Mails kept until the queue has them (a job id makes a retried mail one mail). */
  mail: MailDelivery;
  /** Jobs and schedules run in this process (embedded mode), not only in a worker. */
  runsJobs: boolean;
  limiter: RateLimiter;
  /** The per-member write limits of the routes that write. */
  limit: WriteLimit;
  visitors: Visitors;
  /** The stories the projections changed, as every API hears them. */
  liveChanges: StoryChanges;
  liveSlots: LiveSlots;
}

/** What a slice adds to the server. */
export interface SliceEdge {
  routes?(router: Router): void;
  /** Routes that take a body besides JSON. */
  otherBodyTypes?: readonly OtherBodyTypes[];
  /** The meta tags of the pages this slice serves (a story's title and text). */
  pageMeta?: PageMetaSource;
  /** Before the server takes requests (ADMIN_EMAILS accounts promoted). */
  prepare?(): Promise<void>;
  /**
   * Start-up work after a crash (finishing interrupted deletions): one API process at a time
   * runs every slice's, in the list's order, under a lease.
   */
  resume?(): Promise<void>;
  /** Before the server drains: end the live streams (they would hold their connections open). */
  endLiveStreams?(): void;
  close?(): void | Promise<void>;
}

/**
 * One API slice: its refusals, its write services, its edge. `services` runs for every bus (the
 * requests' and the demo seed's) and answers what it offers the others; `edge` runs once in the
 * server. Both read other slices' offers from `ports` at call time, never while building, so the
 * list's order is only the order of routes and of start-up work.
 */
export interface Slice {
  name: string;
  /** Refusals by the context its deciders name: what the command bus turns into HTTP errors. */
  rejections?: RejectionsByContext;
  services?(deps: ServiceDeps, ports: SlicePorts): Partial<SlicePorts>;
  edge?(deps: EdgeDeps, ports: SlicePorts): SliceEdge;
}

/** Names a slice definition (and checks its shape). */
export const defineSlice = (slice: Slice): Slice => slice;
