import type { StoryPoolEvent } from '@whosright/contracts/story/events';

/** The dense slots of approved stories: `slots[i]` holds the story in slot i. */
export interface PoolState {
  slots: string[];
  slotOf: Map<string, number>;
}

export type PoolCommand = { type: 'EnsurePooled'; storyId: string; pooled: boolean };

export const storyPool = {
  initialState: (): PoolState => ({ slots: [], slotOf: new Map() }),

  /** Mutates and returns the state: the pool can hold many stories and is folded incrementally. */
  evolve(state: PoolState, event: StoryPoolEvent): PoolState {
    switch (event.type) {
      case 'StoryPooled':
        state.slots[event.data.slot] = event.data.storyId;
        state.slotOf.set(event.data.storyId, event.data.slot);
        return state;
      case 'StoryUnpooled': {
        state.slotOf.delete(event.data.storyId);
        if (event.data.moved) {
          state.slots[event.data.slot] = event.data.moved.storyId;
          state.slotOf.set(event.data.moved.storyId, event.data.slot);
        }
        state.slots.pop();
        return state;
      }
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },

  /** Makes the pool agree with the story's status; nothing happens when it already does. */
  decide(command: PoolCommand, state: PoolState): StoryPoolEvent[] {
    const slot = state.slotOf.get(command.storyId);
    if (command.pooled) {
      return slot === undefined
        ? [{ type: 'StoryPooled', data: { storyId: command.storyId, slot: state.slots.length } }]
        : [];
    }
    if (slot === undefined) return [];
    const last = state.slots.length - 1;
    const moved = slot === last ? null : { storyId: state.slots[last]!, from: last };
    return [{ type: 'StoryUnpooled', data: { storyId: command.storyId, slot, moved } }];
  },
};
