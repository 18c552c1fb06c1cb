import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';

/** Anonymous views and skips cannot be inflated by minting visitors. */
let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;

const someonesStory = async () =>
  approvedStory(await signUp(server), admin, 'She skips the credits. Who is right?', 'lifestyle');

async function counts(storyId: string) {
  const { stores, queries } = server.running.application;
  await stores.projections.waitFor(await stores.eventStore.headPosition(), ['stories']);
  const doc = await queries.stories.byId(storyId);
  return { views: doc?.viewCount, skips: doc?.skipCount };
}

/** A request with no cookie jar at all, from `ip`: a fresh visitor every time. */
const bare = (ip: string) => server.agent().set('X-Forwarded-For', ip);

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'inflation-admin@example.com' });
  admin = await signUp(server, { email: 'inflation-admin@example.com' });
});
afterAll(async () => {
  await server.stop();
});

describe('anonymous tracking', () => {
  it('when 50 cookie-less views and 50 skips come from one address they count once each', async () => {
    const storyId = await someonesStory();
    for (let i = 0; i < 50; i++) {
      await bare('198.51.100.7')
        .post(`/api/stories/${storyId}/track`)
        .send({ action: 'view' })
        .expect(204);
      await bare('198.51.100.7')
        .post(`/api/stories/${storyId}/track`)
        .send({ action: 'skip' })
        .expect(204);
    }
    expect(await counts(storyId)).toEqual({ views: 1, skips: 1 });
    await bare('198.51.100.8')
      .post(`/api/stories/${storyId}/track`)
      .send({ action: 'view' })
      .expect(204);
    expect((await counts(storyId)).views).toBe(2);
  });

  it('when a visitor cookie is forged it is replaced by a signed one; a signed one is kept', async () => {
    const storyId = await someonesStory();
    const forged = await bare('198.51.100.9')
      .post(`/api/stories/${storyId}/track`)
      .set('Cookie', 'wr_visitor=aaaaaaaaaaaaaaaaaaaaaa')
      .send({ action: 'view' })
      .expect(204);
    const cookie = String(forged.headers['set-cookie']).match(/wr_visitor=([^;]+)/)?.[1];
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{16,64}\.[A-Za-z0-9_-]{22}$/);
    const again = await bare('198.51.100.9')
      .post(`/api/stories/${storyId}/track`)
      .set('Cookie', `wr_visitor=${cookie}`)
      .send({ action: 'skip' })
      .expect(204);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('when one address tracks more than 120 times a minute it gets 429', async () => {
    const storyId = await someonesStory();
    const browser = bare('198.51.100.10');
    for (let i = 0; i < 120; i++)
      await browser.post(`/api/stories/${storyId}/track`).send({ action: 'view' }).expect(204);
    expect(
      (await browser.post(`/api/stories/${storyId}/track`).send({ action: 'view' })).status,
    ).toBe(429);
  });

  it('when a banned member views a story it does not count', async () => {
    const storyId = await someonesStory();
    const member = await signUp(server);
    await admin.agent.patch(`/api/admin/users/${member.id}/ban`).expect(200);
    await member.agent
      .post('/api/auth/login')
      .send({ email: member.email, password: 'a good password' })
      .expect(200);
    await member.agent.post(`/api/stories/${storyId}/track`).send({ action: 'view' }).expect(204);
    expect((await counts(storyId)).views).toBe(0);
  });
});
