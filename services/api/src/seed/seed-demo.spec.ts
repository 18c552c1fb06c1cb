import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storyFeedSchema } from '@whosright/contracts/story/dto';
import { parseBody } from '#api/testing/parse-body';
import { startTestServer, type TestServer } from '#api/app/test-server';
import { seedDemo } from './seed-demo';
import { DEMO_STORIES } from './demo-content';

async function untilReady(server: TestServer) {
  for (;;) {
    const res = await fetch(`${server.url}/api/ready`);
    if (res.status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the demo seed', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SEED_DEMO: '1' });
    await untilReady(server);
  }, 120_000);
  afterAll(async () => {
    await server.stop();
  });

  it('when the store is empty it seeds approved stories in all seven categories, with votes and views', async () => {
    const { items } = parseBody(await server.agent().get('/api/stories?limit=50'), storyFeedSchema);
    expect(items).toHaveLength(DEMO_STORIES.length);
    expect(new Set(items.map((s) => s.category)).size).toBe(7);
    const votes = items.reduce((sum, s) => sum + s.heVotes + s.sheVotes, 0);
    expect(votes).toBeGreaterThan(200);
    const poor = await server.running.application.queries.stories.poorPerformers();
    expect(poor.length).toBeGreaterThan(0);
  });

  it('when seeded most stories have comments with votes, and some comments are flagged', async () => {
    const { items } = parseBody(await server.agent().get('/api/stories?limit=50'), storyFeedSchema);
    const withComments = items.filter((s) => s.commentCount > 0);
    expect(withComments.length).toBeGreaterThanOrEqual(
      DEMO_STORIES.filter((s) => s.comments.length > 0).length,
    );
    const flagged = await server.running.application.comments.flagged();
    expect(flagged.items.length).toBeGreaterThan(0);
  });

  it('when seeded the history is real events with increasing timestamps, none in the future', async () => {
    let previous = 0;
    let count = 0;
    for await (const event of server.running.application.stores.eventStore.readAll()) {
      const at = Date.parse(event.metadata.recordedAt);
      expect(at).toBeGreaterThanOrEqual(previous);
      previous = at;
      count++;
    }
    expect(count).toBeGreaterThan(1000);
    expect(previous).toBeLessThanOrEqual(Date.now());
  });

  it('when the store already has events it seeds nothing', async () => {
    const { application } = server.running;
    const head = await application.stores.eventStore.headPosition();
    const seeded = await seedDemo(
      {
        eventStore: application.stores.eventStore,
        accounts: application.accounts,
        stories: application.stories,
      },
      { info() {} } as never,
    );
    expect(seeded).toBe(false);
    expect(await application.stores.eventStore.headPosition()).toBe(head);
  });
});

describe('SEED_DEMO=0', () => {
  it('when off a new server starts empty', async () => {
    const server = await startTestServer({ SEED_DEMO: '0' });
    try {
      expect(parseBody(await server.agent().get('/api/stories'), storyFeedSchema).items).toEqual(
        [],
      );
      expect(await server.running.application.stores.eventStore.headPosition()).toBe(0n);
    } finally {
      await server.stop();
    }
  });
});
