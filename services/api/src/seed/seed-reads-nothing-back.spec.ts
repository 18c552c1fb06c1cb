import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queriesOf } from '#api/wiring/queries';
import { commandBusOver } from '#api/app/command-bus-over';
import { servicesOf } from '#api/app/slices';
import { openStores, type Stores } from '#api/app/stores';
import { loadConfig } from '#api/platform/config';
import { createLogger } from '#api/platform/logger';
import { SessionTokens } from '#api/platform/session-tokens';
import { DEMO_STORIES } from './demo-content';
import { seedDemo } from './seed-demo';
import { seedDemoComments } from './seed-demo-comments';

/**
 * The seed writes through a bus that waits for no read model. Here nothing projects at all while
 * it runs: it must decide every write on the log and never read a read model back.
 */
describe('the demo seed without read models', () => {
  let dataDir: string;
  let stores: Stores;
  const config = () => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const logger = createLogger({ logLevel: 'silent', nodeEnv: 'test' });

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wr-seed-'));
    stores = await openStores(config(), logger, { runProjections: false });
  });
  afterEach(async () => {
    await stores.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when nothing projects while it seeds it still writes the whole demo', async () => {
    const bus = commandBusOver(stores.eventStore, null);
    const queries = queriesOf(stores.readStore);
    const { accounts, comments, stories, engagement } = servicesOf({
      bus,
      queries,
      tokens: new SessionTokens('a-session-secret-that-is-long-enough-for-hs256'),
      config: { publicUrl: 'http://localhost', adminEmails: [] },
      sendMail: () => Promise.resolve(),
    });
    const seeded = await seedDemo(
      { bus, accounts, stories, engagement, extras: [seedDemoComments(comments)] },
      logger,
    );

    expect(seeded).toBe(true);
    const types = new Map<string, number>();
    for await (const event of stores.eventStore.readAll())
      types.set(event.type, (types.get(event.type) ?? 0) + 1);
    expect(types.get('StorySubmitted')).toBeGreaterThan(DEMO_STORIES.length);
    expect(types.get('CommentPosted')).toBeGreaterThan(0);
    expect(types.get('CommentVoteCast')).toBeGreaterThan(0);
    expect(types.get('UserBanned')).toBe(1);
    // Nothing was projected (the moderator's promotion is not in the users read model): every
    // write above was decided without reading a read model back.
    expect(await queries.users.countAdmins()).toBe(0);
  }, 120_000);
});
