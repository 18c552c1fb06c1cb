import type { Router } from 'express';
import type { Registry } from 'prom-client';
import type { AccountUseCases } from '#api/account/account-use-cases';
import type { CommentReads } from '#api/comment/comment-reads';
import type { CommentService } from '#api/comment/comment-service';
import type { DailyDigest } from '#api/notification/daily-digest';
import type { PageMetaSource } from '#api/platform/page-meta';
import type { OtherBodyTypes } from '#api/platform/security';
import type { StoryEngagement } from '#api/story/story-engagement';
import type { StoryService } from '#api/story/story-service';
import type { CommandBus } from '#api/write/command-bus';
import type { Queries } from '#api/wiring/queries';
import type { Stores } from './stores';

export interface Application {
  /** Adds every slice's routes, behind authentication, to the /api router. */
  routes(router: Router): void;
  /** Those routes that take a body besides JSON. */
  otherBodyTypes: readonly OtherBodyTypes[];
  /** The one door to the log: every write of the slices goes through it. */
  bus: CommandBus;
  accounts: AccountUseCases;
  stories: StoryService;
  /** Votes, reactions and the views counted (specs back-date votes through it). */
  engagement: StoryEngagement;
  comments: CommentService;
  /** Comments as people read them (the seed spec reads the flagged list). */
  commentReads: CommentReads;
  queries: Queries;
  /** Where jobs run here (embedded): the daily digest, which specs run at once. */
  dailyDigest: DailyDigest | undefined;
  pageMeta: PageMetaSource;
  stores: Stores;
  /** Before the server drains: ends every live stream (they would hold their connections open). */
  endLiveStreams(): void;
  /** After the server listens: resumed work and the demo seed (SEED_DEMO on, empty store). */
  startBackgroundWork(): void;
  close(): Promise<void>;
}

export interface ComposeOptions {
  role: 'all' | 'api';
  metrics: Registry;
  /** Live streams the process's descriptors allow (its connection budget). */
  liveStreams: number;
  /** The clock projection lag is measured by; Date.now unless a spec moves its own. */
  healthClock?: () => number;
}
