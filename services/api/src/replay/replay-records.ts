import { z } from 'zod';
import { rankedStorySchema } from '@whosright/contracts/story/ranking-dto';
import type { RankRow } from '@whosright/projections/stories/ranking-snapshot';
import type { KeyValueStore } from '#api/platform/kv/key-value-store';
import { REPLAY_KEPT_MS, replayStateSchema, type ReplayState } from './replay-state';

// The stored rows are ranked stories with the skip rate as a number (the API formats it).
const rankRowsSchema = z.array(rankedStorySchema.extend({ skipRate: z.number() }));

const stateKey = (id: string) => `replay:${id}`;
const rowsKey = (id: string) => `replay:${id}:rows`;

/**
 * Where replays keep their state and, once done, the rankable stories of their moment: the shared
 * key-value store (memory embedded, Redis in scale mode), each entry dropped REPLAY_KEPT_MS after
 * it was last written.
 */
export class ReplayRecords {
  constructor(private readonly store: KeyValueStore) {}

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

  async rows(id: string): Promise<RankRow[] | undefined> {
    const text = await this.store.get(rowsKey(id));
    return text === undefined ? undefined : rankRowsSchema.parse(JSON.parse(text));
  }

  /** Stored before the state says done, so a done state finds its rows (they expire together). */
  saveRows(id: string, rows: readonly RankRow[]): Promise<void> {
    return this.store.set(rowsKey(id), JSON.stringify(rows), REPLAY_KEPT_MS);
  }
}
