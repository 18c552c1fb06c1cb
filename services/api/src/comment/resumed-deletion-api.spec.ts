import { afterAll, describe, expect, it, vi } from 'vitest';
import { openLogElsewhere } from '#api/app/testing/log-elsewhere';
import { createLogger } from '#api/platform/logger';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startWebServer } from '#api/app/server';
import { startTestServer, type TestServer } from '#api/app/test-server';

/** A story deletion cut short before its comments were removed is finished at the next start. */
let server: TestServer | undefined;
afterAll(async () => {
  await server?.stop();
});

describe('an interrupted story deletion', () => {
  it('when the server stops after a story was deleted but before its comments went, the next start removes them', async () => {
    server = await startTestServer({ ADMIN_EMAILS: 'resume-admin@example.com' });
    const admin = await signUp(server, { email: 'resume-admin@example.com' });
    const author = await signUp(server);
    const storyId = await approvedStory(author, admin);
    for (const content of ['First!', 'Second.', 'Third, and last.'])
      await author.agent.post(`/api/stories/${storyId}/comments`).send({ content }).expect(201);

    // The deletion lands, and the process dies before its sweep: only the event is there.
    const log = openLogElsewhere(server.dataDir);
    await log.append(
      `story-${storyId}`,
      [
        {
          type: 'StoryDeleted',
          data: { storyId, authorId: author.id, deletedBy: author.id, byAdmin: false },
          metadata: { correlationId: 'cut-short', actorId: author.id },
        },
      ],
      'any',
    );
    await server.running.stop();

    const restarted = await startWebServer(
      server.config,
      createLogger({ ...server.config, logLevel: 'silent' }),
      { webDist: null },
    );
    server.running = restarted;
    const { stores, queries } = restarted.application;
    const removed = async () => {
      for await (const event of log.readStream(`story-${storyId}`))
        if (event.type === 'StoryCommentsRemoved') return event.data;
      return undefined;
    };
    await vi.waitFor(async () => expect(await removed()).toMatchObject({ storyId, count: 3 }), {
      timeout: 10_000,
      interval: 100,
    });
    await stores.projections.waitFor(await stores.eventStore.headPosition(), ['comments']);
    expect((await queries.comments.ofStory(storyId, { limit: 10 })).items).toEqual([]);
    expect((await queries.comments.unfinishedSweeps({ limit: 10 })).items).toEqual([]);
    await log.close();
  });
});
