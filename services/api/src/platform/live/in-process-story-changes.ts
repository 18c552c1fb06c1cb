import { EventEmitter } from 'node:events';
import type { StoryChange, StoryChanges } from './story-changes';

/** Embedded mode: the projections and the streams share one process. */
export function createInProcessStoryChanges(): StoryChanges {
  const emitter = new EventEmitter();
  // One listener per API instance (the live hub), but tests may open several.
  emitter.setMaxListeners(0);
  return {
    publish(change) {
      emitter.emit('change', change);
    },
    subscribe(listener) {
      const forward = (change: StoryChange) => listener(change);
      emitter.on('change', forward);
      return () => emitter.off('change', forward);
    },
    close() {
      emitter.removeAllListeners();
      return Promise.resolve();
    },
  };
}
