import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedTestContainer } from 'testcontainers';
import { EventStoreUnavailable, InvalidEvent } from '../errors';
import { eventStoreContract } from '../testing/event-store-contract';
import { counterEvents, testCatalog, testMetadata } from '../testing/test-catalog';
import { createKurrentDbEventStore } from './kurrentdb-event-store';

const KURRENTDB_IMAGE =
  process.env.KURRENTDB_IMAGE ?? 'docker.kurrent.io/kurrent-latest/kurrentdb:latest';

/** True when a Docker engine answers; testcontainers fails fast when there is none. */
async function dockerAvailable(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await Promise.race([
      getContainerRuntimeClient(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 5_000)),
    ]);
    return true;
  } catch {
    return false;
  }
}

const configuredUrl = process.env.EVENTSTORE_URL;
const withServer = configuredUrl !== undefined || (await dockerAvailable());

if (withServer) {
  let url = configuredUrl ?? '';
  let container: StartedTestContainer | undefined;

  beforeAll(async () => {
    if (configuredUrl) return;
    const { GenericContainer, Wait } = await import('testcontainers');
    container = await new GenericContainer(KURRENTDB_IMAGE)
      .withEnvironment({
        KURRENTDB_INSECURE: 'true',
        KURRENTDB_MEM_DB: 'true',
        KURRENTDB_RUN_PROJECTIONS: 'None',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .start();
    url = `kurrentdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
  }, 180_000);

  afterAll(async () => {
    await container?.stop();
  });

  eventStoreContract('kurrentdb', () =>
    Promise.resolve({
      open: (catalog) => Promise.resolve(createKurrentDbEventStore({ url, catalog })),
      appendElsewhere: async (stream, count) => {
        const secondClient = createKurrentDbEventStore({ url, catalog: testCatalog });
        for (const event of counterEvents(count)) await secondClient.append(stream, [event], 'any');
        await secondClient.close();
      },
      dispose: () => Promise.resolve(),
    }),
  );
}

describe('kurrentdb event store without a server', () => {
  if (!withServer) {
    beforeAll(() => {
      console.info(
        'KurrentDB contract suite not run: set EVENTSTORE_URL or start a Docker engine to run it.',
      );
    });
  }

  const unreachable = () =>
    createKurrentDbEventStore({
      url: 'kurrentdb://127.0.0.1:1?tls=false&maxDiscoverAttempts=1',
      catalog: testCatalog,
    });

  it('when the server cannot be reached it fails with a retryable EventStoreUnavailable instead of crashing', async () => {
    const store = unreachable();
    const append = await store
      .append('counter-1', counterEvents(1), 'any')
      .catch((e: unknown) => e);
    expect(append).toBeInstanceOf(EventStoreUnavailable);
    expect(append).toMatchObject({ retryable: true });
    await expect(store.headPosition()).rejects.toBeInstanceOf(EventStoreUnavailable);
    const read = async () => {
      for await (const _ of store.readStream('counter-1')) return;
    };
    await expect(read()).rejects.toBeInstanceOf(EventStoreUnavailable);
    await store.close();
  });

  it('when data is invalid it rejects the append before contacting the server', async () => {
    const store = unreachable();
    await expect(
      store.append(
        'counter-1',
        [{ type: 'CounterIncremented', data: { by: 1.5 }, metadata: testMetadata }],
        'any',
      ),
    ).rejects.toBeInstanceOf(InvalidEvent);
    await store.close();
  });

  it('when the server cannot be reached a subscription keeps retrying and closes cleanly', async () => {
    const store = unreachable();
    const subscription = store.subscribeAll();
    const next = subscription[Symbol.asyncIterator]().next();
    let settled = false;
    void next.then(
      () => (settled = true),
      () => (settled = true),
    );
    // Shows the read does NOT end or fail while the server stays away: only time can show that.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    await subscription.close();
    expect(await next).toEqual({ done: true, value: undefined });
    await store.close();
  });
});
