import { afterAll, beforeAll, expect, it } from 'vitest';
import { storyCardSchema } from '@whosright/contracts/story/dto';
import { describeWithService } from '@whosright/testing/describe-with-service';
import { redisServer, type RedisServer, startRedisServer } from '@whosright/testing/redis-server';
import { createLogger } from '#api/platform/logger';
import { openLive } from '#api/testing/live-client';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startWebServer, type RunningServer } from '#api/app/server';
import { startTestServer, type TestServer } from '#api/app/test-server';

describeWithService(
  redisServer,
  'live stories with REDIS_URL (changes through Redis pub/sub)',
  () => {
    let redis: RedisServer;
    /** Runs the projections (role `all`): it publishes the changes. */
    let a: TestServer;
    /** Serves HTTP only (role `api`), on the same stores: it hears the changes through Redis. */
    let b: RunningServer;
    let admin: Awaited<ReturnType<typeof signUp>>;
    beforeAll(async () => {
      redis = await startRedisServer();
      a = await startTestServer({ REDIS_URL: redis.url, ADMIN_EMAILS: 'live-redis@example.com' });
      const config = { ...a.config, port: 0 };
      b = await startWebServer(config, createLogger({ ...config, logLevel: 'silent' }), {
        webDist: null,
        role: 'api',
      });
      admin = await signUp(a, { email: 'live-redis@example.com' });
    });
    afterAll(async () => {
      await b?.stop();
      await a?.stop();
      await redis?.stop();
    });

    it('when a member votes through API instance A, a stream on API instance B receives the tally', async () => {
      const storyId = await approvedStory(admin, admin);
      const stream = await openLive(`${b.url}/api/stories/${storyId}/live`);
      expect(stream.status).toBe(200);
      const voter = await signUp(a);
      await voter.agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'he' }).expect(200);
      const tally = storyCardSchema.parse(
        JSON.parse(await stream.next('tally', (data) => data.includes('"heVotes":1'))),
      );
      expect(tally).toMatchObject({ id: storyId, heVotes: 1, sheVotes: 0 });
      stream.close();
    });

    it("when a moderator approves a story through API instance A, its author's bell on instance B counts it", async () => {
      const author = await signUp(a);
      const cookie = (await author.agent.get('/api/auth/user')).request.cookies;
      const bell = await openLive(`${b.url}/api/notifications/live`, { cookie });
      expect(bell.status).toBe(200);
      await bell.next('unread', (data) => data === '{"unread":0}');
      await approvedStory(author, admin);
      await bell.next('unread', (data) => data === '{"unread":1}', 2_000);
      bell.close();
    });
  },
);
