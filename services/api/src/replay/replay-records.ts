import { z } from 'zod';
import { DELETED_TEXT } from '@whosright/contracts/account/events';
import { EXCERPT_LENGTH } from '@whosright/contracts/shared/constants';
import { rankedStorySchema } from '@whosright/contracts/story/ranking-dto';
import type { ForgettingLog } from '@whosright/eventstore/port';
import type { RankRow } from '@whosright/projections/stories/ranking-snapshot';
import type { KeyValueStore } from '#api/platform/kv/key-value-store';
import { REPLAY_KEPT_MS, replayStateSchema, type ReplayState } from './replay-state';

// The stored rows are ranked stories with the skip rate as a number (the API formats it).
const rankRowsSchema = z.array(rankedStorySchema.extend({ skipRate: z.number() }));

/** A forgotten story's row reads as a replay built now would show it: its text deleted. */
const FORGOTTEN_EXCERPT = DELETED_TEXT.slice(0, EXCERPT_LENGTH.adminStory);

const stateKey = (id: string) => `replay:${id}`;
const rowsKey = (id: string) => `replay:${id}:rows`;

/**
 * Where replays keep their state and, once done, the rankable stories of their moment: the shared
 * key-value store (memory embedded, Redis in scale mode), each entry dropped REPLAY_KEPT_MS after
 * it was last written. Kept rows outlive their build: a member who deletes their account
 * afterwards is forgotten in them too, on every read, whatever process kept them, by the same
 * answer the forgetting log reads the log with.
 */
export class ReplayRecords {
  constructor(
    private readonly store: KeyValueStore,
    private readonly log: Pick<ForgettingLog, 'forgotten'>,
  ) {}

  async state(id: string): Promise<ReplayState | undefined> {
    const text = await this.store.get(stateKey(id));
    return text === undefined ? undefined : replayStateSchema.parse(JSON.parse(text));
  }

  save(state: ReplayState): Promise<void> {
    return this.store.set(stateKey(state.id), JSON.stringify(state), REPLAY_KEPT_MS);
  }

  /** Stores the state unless the replay has one already; true when stored. */
  claim(state: ReplayState): Promise<boolean> {
    return this.store.setIfAbsent(stateKey(state.id), JSON.stringify(state), REPLAY_KEPT_MS);
  }

  /**
   * The kept rows, with the text of every story forgotten since they were built replaced; the
   * stored copy is rewritten then, so it no longer holds that text either.
   */
  async rows(id: string): Promise<RankRow[] | undefined> {
    const text = await this.store.get(rowsKey(id));
    if (text === undefined) return undefined;
    const rows = rankRowsSchema.parse(JSON.parse(text));
    const { stories } = await this.log.forgotten();
    if (!rows.some((row) => stories.has(row.id) && row.excerpt !== FORGOTTEN_EXCERPT)) return rows;
    const kept = rows.map((row) =>
      stories.has(row.id) ? { ...row, excerpt: FORGOTTEN_EXCERPT } : row,
    );
    await this.saveRows(id, kept);
    return kept;
  }

  /** Stored before the state says done, so a done state finds its rows (they expire together). */
  saveRows(id: string, rows: readonly RankRow[]): Promise<void> {
    return this.store.set(rowsKey(id), JSON.stringify(rows), REPLAY_KEPT_MS);
  }
}
