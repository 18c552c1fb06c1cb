import type { DryRun, ReplayJob } from '@whosright/contracts/story/ranking-dto';
import { DEFAULT_RANKING_RULE, type RankingRule } from '@whosright/contracts/story/ranking-rule';
import { poorPerformers } from '@whosright/projections/stories/poor-performers';
import type { StoryQueries } from '@whosright/projections/stories/queries';
import {
  keptRanking,
  rankRowOf,
  type RankRow,
} from '@whosright/projections/stories/ranking-snapshot';
import { ConflictError, NotFoundError } from '#api/platform/errors';
import { compareRankings } from './dry-run';
import type { ReplayPayload } from './replay-job';
import { startingProgress } from './replay-progress';
import type { ReplayRecords } from './replay-records';
import { isStale, replayMoment, type ReplayState } from './replay-state';
import { toRankedStory } from './ranked-story';

export interface ReplayServiceDeps {
  records: ReplayRecords;
  /** Hands the replay to the job queue (run here embedded, on the worker in scale mode). */
  enqueue: (payload: ReplayPayload) => Promise<void>;
  /** Whether the job queue still holds the replay's job (waiting its turn, or running). */
  inQueue: (id: string) => Promise<boolean>;
  stories: StoryQueries;
  /** The events up to a moment, when the event store can count them: shown before the job starts. */
  countEvents?: (until: string) => Promise<number | undefined>;
  now?: () => number;
}

/**
 * The Poor Performing ranking as it stood: replays per moment (one per minute, kept an
 * hour), their progress and result, and dry runs of another rule over today or a replay.
 */
export class ReplayService {
  private readonly now: () => number;

  constructor(private readonly deps: ReplayServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Starts the replay of `until`'s minute, or answers the one already kept for it. */
  async start(until: string, rule: RankingRule = DEFAULT_RANKING_RULE): Promise<ReplayJob> {
    const moment = replayMoment(until);
    const existing = await this.deps.records.state(moment.id);
    if (existing && (await this.reusable(existing))) return this.view(existing, rule);
    const queued: ReplayState = {
      ...moment,
      status: 'queued',
      progress: startingProgress((await this.deps.countEvents?.(moment.until)) ?? 0),
      updatedAt: this.now(),
    };
    if (existing) {
      // Failed, dead, or its rows were dropped: it starts over.
      await this.deps.records.save(queued);
    } else if (!(await this.deps.records.claim(queued))) {
      // Another request claimed the moment first: theirs is the replay.
      const theirs = await this.deps.records.state(moment.id);
      if (theirs) return this.view(theirs, rule);
      await this.deps.records.save(queued);
    }
    await this.deps.enqueue(moment);
    return this.view(queued, rule);
  }

  /** A kept replay, ranked by `rule`; undefined when unknown or dropped. */
  async get(id: string, rule: RankingRule = DEFAULT_RANKING_RULE): Promise<ReplayJob | undefined> {
    const state = await this.deps.records.state(id);
    if (!state) return undefined;
    if (await this.dead(state))
      return this.view(
        {
          ...state,
          status: 'failed',
          error: 'The replay stopped with its process; build it again',
        },
        rule,
      );
    const job = await this.view(state, rule);
    // Done, but its stories were dropped already: gone.
    return job.status === 'done' && !job.result ? undefined : job;
  }

  /**
   * The list by `rule` beside the current rule's, over the same moment: today's read model, or
   * the rankable stories a finished replay kept.
   */
  async dryRun(rule: RankingRule, replayId?: string): Promise<DryRun> {
    let rankBy: (rule: RankingRule) => Promise<RankRow[]>;
    let asOf = 'live';
    if (replayId === undefined) {
      const { stories } = this.deps;
      rankBy = async (by) => (await stories.poorPerformersBy(by)).list.map(rankRowOf);
    } else {
      const state = await this.deps.records.state(replayId);
      if (!state) throw new NotFoundError('No such replay (replays are kept for an hour)');
      if (state.status !== 'done') throw new ConflictError('The replay has not finished');
      const rows = await this.deps.records.rows(replayId);
      if (!rows) throw new NotFoundError('No such replay (replays are kept for an hour)');
      rankBy = async (by) => (await poorPerformers(keptRanking(rows), by)).list;
      asOf = state.until;
    }
    const [current, chosen] = await Promise.all([rankBy(DEFAULT_RANKING_RULE), rankBy(rule)]);
    const { entering, leaving } = compareRankings(current, chosen);
    return {
      asOf,
      rule,
      current: DEFAULT_RANKING_RULE,
      list: chosen.map(toRankedStory),
      entering: entering.map(toRankedStory),
      leaving: leaving.map(toRankedStory),
    };
  }

  /** Still worth answering instead of starting over: under way and alive, or done with its stories. */
  private async reusable(state: ReplayState): Promise<boolean> {
    if (state.status === 'failed' || (await this.dead(state))) return false;
    return state.status !== 'done' || (await this.deps.records.rows(state.id)) !== undefined;
  }

  /**
   * Under way, silent for too long, and no longer in the job queue: its process is gone. A replay
   * waiting its turn behind others is silent but still queued: alive.
   */
  private async dead(state: ReplayState): Promise<boolean> {
    if (!isStale(state, this.now())) return false;
    return state.status === 'running' || !(await this.deps.inQueue(state.id));
  }

  private async view(state: ReplayState, rule: RankingRule): Promise<ReplayJob> {
    const { id, status, until, progress, error } = state;
    const job: ReplayJob = { id, status, until, progress, ...(error ? { error } : {}) };
    if (status !== 'done') return job;
    const rows = await this.deps.records.rows(id);
    if (!rows) return job;
    const ranked = await poorPerformers(keptRanking(rows), rule);
    return {
      ...job,
      result: { rule, rankable: ranked.rankable, list: ranked.list.map(toRankedStory) },
    };
  }
}
