import type { Redis } from 'ioredis';
import type { Logger } from '#api/platform/logger';
import { connectRedis, redisOutageLog } from '#api/platform/redis/redis-connection';
import {
  parseStoryChange,
  type StoryChange,
  type StoryChangeListener,
  type StoryChanges,
} from './story-changes';

const STORY_CHANGES_CHANNEL = 'whosright:story-changes';

export interface RedisStoryChangesOptions {
  redisUrl: string;
  logger: Logger;
  channel?: string;
}

/**
 * Scale mode: the projector PUBLISHes on one channel and every API process SUBSCRIBEs with a
 * connection of its own, so each instance streams every change. Both connections open on first
 * use: a projector never subscribes, an API process never publishes.
 */
export function createRedisStoryChanges(options: RedisStoryChangesOptions): StoryChanges {
  const { redisUrl, logger, channel = STORY_CHANGES_CHANNEL } = options;
  const listeners = new Set<StoryChangeListener>();
  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;

  const connect = (role: string): Redis =>
    connectRedis(
      redisUrl,
      { maxRetriesPerRequest: null },
      redisOutageLog(logger, `live changes ${role}`),
    );

  const deliver = (from: string, message: string) => {
    if (from !== channel) return;
    const change = parseStoryChange(message);
    if (change) for (const listener of listeners) listener(change);
  };

  return {
    publish(change: StoryChange) {
      publisher ??= connect('publisher');
      publisher.publish(channel, JSON.stringify(change)).catch((error: unknown) => {
        logger.warn({ err: error }, 'live changes: could not publish');
      });
    },
    subscribe(listener) {
      if (!subscriber) {
        subscriber = connect('subscriber');
        subscriber.on('message', deliver);
        subscriber.subscribe(channel).catch((error: unknown) => {
          logger.warn({ err: error }, 'live changes: could not subscribe');
        });
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      const open = [publisher, subscriber].filter((redis) => redis !== undefined);
      await Promise.all(
        open.map((redis) => redis.quit().then(undefined, () => redis.disconnect())),
      );
    },
  };
}
