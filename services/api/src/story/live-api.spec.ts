import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorBodySchema } from '@whosright/contracts/shared/errors';
import { storyCardSchema } from '@whosright/contracts/story/dto';
import { openLive, type LiveClient } from '#api/testing/live-client';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';
import { LIVE_STREAMS_PER_CLIENT } from '#api/platform/live/live-slots';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;
let author: Awaited<ReturnType<typeof signUp>>;
let storyId: string;
const opened: LiveClient[] = [];

let address = 0;
/** A stream from a client address of its own (X-Forwarded-For through the trusted loopback). */
async function live(
  id: string,
  ip = `10.200.0.${++address}`,
  headers: Record<string, string> = {},
) {
  const client = await openLive(`${server.url}/api/stories/${encodeURIComponent(id)}/live`, {
    'x-forwarded-for': ip,
    ...headers,
  });
  opened.push(client);
  return client;
}

const card = (data: string) => storyCardSchema.parse(JSON.parse(data));

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'live-admin@example.com' });
  admin = await signUp(server, { email: 'live-admin@example.com' });
  author = await signUp(server);
  storyId = await approvedStory(author, admin);
});
afterAll(async () => {
  for (const client of opened) client.close();
  await server.stop();
});

describe('GET /api/stories/{id}/live', () => {
  it('when a visitor follows a story it answers an event stream that no proxy buffers or caches', async () => {
    const stream = await live(storyId);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['cache-control']).toBe('no-cache');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(stream.headers['content-encoding']).toBeUndefined();
    stream.close();
  });

  it('when another member votes the stream receives the new tally', async () => {
    const stream = await live(storyId);
    const voter = await signUp(server);
    await voter.agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'she' }).expect(200);
    const tally = card(await stream.next('tally', (data) => card(data).sheVotes === 1));
    expect(tally).toMatchObject({ id: storyId, heVotes: 0, sheVotes: 1 });
    stream.close();
  });

  it('when another member comments the stream says the comments changed, and the tally counts it', async () => {
    const stream = await live(storyId);
    const commenter = await signUp(server);
    await commenter.agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'he' }).expect(200);
    await commenter.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'I saw this coming.' })
      .expect(201);
    expect(JSON.parse(await stream.next('comments'))).toEqual({ storyId });
    await stream.next('tally', (data) => card(data).commentCount === 1);
    stream.close();
  });

  it('when another story changes the stream stays quiet', async () => {
    const other = await approvedStory(author, admin, 'She hides the remote. Who is right?');
    const stream = await live(storyId);
    const voter = await signUp(server);
    await voter.agent.post(`/api/stories/${other}/vote`).send({ vote: 'he' }).expect(200);
    await expect(stream.next('tally', () => true, 300)).rejects.toThrow(/no tally event/);
    stream.close();
  });

  it('when the id is not a story id it answers 400', async () => {
    const stream = await live('not-a-story');
    expect(stream.status).toBe(400);
    expect(errorBodySchema.parse(JSON.parse(await stream.body())).code).toBe('validation_failed');
  });

  it('when the story is missing or not visible to the viewer it answers 404, as GET /api/stories/{id} does', async () => {
    const missing = await live('story_00000000000000000000000000');
    expect(missing.status).toBe(404);
    await missing.body();
    const pending = await author.agent
      .post('/api/stories')
      .send({ content: 'Still waiting for approval. Who is right?', category: 'money' })
      .expect(201);
    const pendingId = storyCardSchema.parse(pending.body).id;
    const stranger = await live(pendingId);
    expect(stranger.status).toBe(404);
    expect(errorBodySchema.parse(JSON.parse(await stranger.body())).code).toBe('not_found');
    // The author sees their pending story, so they may follow it.
    const cookie = (await author.agent.get('/api/auth/user')).request.cookies;
    const own = await live(pendingId, undefined, { cookie });
    expect(own.status).toBe(200);
    own.close();
  });

  it(`when one client opens more than ${LIVE_STREAMS_PER_CLIENT} streams it answers 429, and closing one frees its slot`, async () => {
    const ip = '10.201.0.1';
    const streams: LiveClient[] = [];
    for (let i = 0; i < LIVE_STREAMS_PER_CLIENT; i++) streams.push(await live(storyId, ip));
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
    const over = await live(storyId, ip);
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(errorBodySchema.parse(JSON.parse(await over.body())).code).toBe('rate_limited');
    // Another address is not affected.
    const elsewhere = await live(storyId);
    expect(elsewhere.status).toBe(200);
    elsewhere.close();

    streams.pop()!.close();
    // The server frees the slot once it hears the stream close.
    const again = await vi.waitFor(
      async () => {
        const opened = await live(storyId, ip);
        if (opened.status !== 200) {
          await opened.body();
          throw new Error(`still ${opened.status}`);
        }
        return opened;
      },
      { interval: 20 },
    );
    again.close();
    for (const stream of streams) stream.close();
  });
});

describe('GET /api/stories/{id}/live, who counts as one client', () => {
  it(`when IPv6 addresses of one /64 open streams they share one client's ${LIVE_STREAMS_PER_CLIENT}, and the next /64 does not`, async () => {
    const streams: LiveClient[] = [];
    for (let i = 1; i <= LIVE_STREAMS_PER_CLIENT; i++)
      streams.push(await live(storyId, `2001:db8:5:6::${i}`));
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
    const sameSubnet = await live(storyId, '2001:db8:5:6:ffff:ffff:ffff:ffff');
    expect(sameSubnet.status).toBe(429);
    await sameSubnet.body();
    const nextSubnet = await live(storyId, '2001:db8:5:7::1');
    expect(nextSubnet.status).toBe(200);
    nextSubnet.close();
    for (const stream of streams) stream.close();
  });
});

describe('GET /api/stories/{id}/live, reconnecting', () => {
  it('when a screen reconnects with Last-Event-ID it gets the current tally and a comments refetch at once', async () => {
    const voter = await signUp(server);
    await voter.agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'he' }).expect(200);
    const current = card(
      JSON.stringify((await voter.agent.get(`/api/stories/${storyId}`).expect(200)).body),
    );
    const resumed = await live(storyId, undefined, { 'last-event-id': '1767225600000' });
    expect(resumed.status).toBe(200);
    expect(card(await resumed.next('tally', undefined, 1_000))).toEqual(current);
    expect(JSON.parse(await resumed.next('comments', undefined, 1_000))).toEqual({ storyId });
    resumed.close();
  });
});

describe('a live stream when the instance holds all it may', () => {
  it('when a newcomer arrives the oldest stream is ended for it instead of the newcomer being refused', async () => {
    // 100 descriptors leave room for 18 live streams.
    const full = await startTestServer(
      { ADMIN_EMAILS: 'full-admin@example.com' },
      { descriptorLimit: 100 },
    );
    const streams: LiveClient[] = [];
    try {
      const fullAdmin = await signUp(full, { email: 'full-admin@example.com' });
      const id = await approvedStory(fullAdmin, fullAdmin);
      const url = `${full.url}/api/stories/${id}/live`;
      for (let i = 0; i < 18; i++)
        streams.push(await openLive(url, { 'x-forwarded-for': `10.210.${i % 3}.${i}` }));
      expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
      const newcomer = await openLive(url, { 'x-forwarded-for': '10.211.0.1' });
      streams.push(newcomer);
      expect(newcomer.status).toBe(200);
      await streams[0]!.ended;
      // Only the oldest was ended: the next one still hears the story's tallies.
      const voter = await signUp(full);
      await voter.agent.post(`/api/stories/${id}/vote`).send({ vote: 'he' }).expect(200);
      expect(card(await streams[1]!.next('tally')).heVotes).toBe(1);
    } finally {
      for (const stream of streams) stream.close();
      await full.stop();
    }
  });
});

describe('a live stream that outlives the request timeout', () => {
  it('when the stream stays open past REQUEST_TIMEOUT it is not cut off and still receives tallies', async () => {
    const slow = await startTestServer(
      { ADMIN_EMAILS: 'timeout-admin@example.com' },
      { requestTimeoutMs: 500 },
    );
    try {
      const slowAdmin = await signUp(slow, { email: 'timeout-admin@example.com' });
      const id = await approvedStory(slowAdmin, slowAdmin);
      const stream = await openLive(`${slow.url}/api/stories/${id}/live`);
      // Shows the stream is NOT cut off past the request timeout: only time can show that.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const voter = await signUp(slow);
      await voter.agent.post(`/api/stories/${id}/vote`).send({ vote: 'he' }).expect(200);
      expect(card(await stream.next('tally')).heVotes).toBe(1);
      stream.close();
    } finally {
      await slow.stop();
    }
  });
});

describe('a live stream when the server drains (SIGTERM)', () => {
  it('when the server stops the open streams end, so it does not wait on them', async () => {
    const draining = await startTestServer({ ADMIN_EMAILS: 'drain-admin@example.com' });
    const drainAdmin = await signUp(draining, { email: 'drain-admin@example.com' });
    const id = await approvedStory(drainAdmin, drainAdmin);
    const stream = await openLive(`${draining.url}/api/stories/${id}/live`);
    expect(stream.status).toBe(200);
    const started = Date.now();
    await draining.stop();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
