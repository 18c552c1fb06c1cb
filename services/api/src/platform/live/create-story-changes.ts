import type { Config } from '#api/platform/config';
import type { Logger } from '#api/platform/logger';
import { createInProcessStoryChanges } from './in-process-story-changes';
import { createRedisStoryChanges } from './redis-story-changes';
import type { StoryChanges } from './story-changes';

/** Redis pub/sub when REDIS_URL is set (every API instance hears every change), else in-process. */
export function createStoryChanges(config: Pick<Config, 'redisUrl'>, logger: Logger): StoryChanges {
  return config.redisUrl
    ? createRedisStoryChanges({ redisUrl: config.redisUrl, logger })
    : createInProcessStoryChanges();
}
