import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server';

/** The embedded server's limits are kept in DATA_DIR: a restart gives nobody a fresh window. */
const dataDir = mkdtempSync(join(tmpdir(), 'wr-limits-restart-'));
let server: TestServer | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const start = () => startTestServer({ DATA_DIR: dataDir, WRITE_LIMITS: '1' });
const story = (i: number) => ({ content: `Story number ${i}. Who is right?`, category: 'other' });

it('when a member used up the story limit and the server restarts on the same DATA_DIR it is still limited', async () => {
  server = await start();
  const registered = await server
    .agent()
    .post('/api/auth/register')
    .send({ email: 'restart@example.com', password: 'a good password', firstName: 'Rae' })
    .expect(201);
  const cookie = registered.headers['set-cookie'] as unknown as string[];
  const post = (url: string, i: number) =>
    request(url).post('/api/stories').set('Cookie', cookie).send(story(i));
  for (let i = 0; i < 5; i++) await post(server.url, i).expect(201);
  await server.stop();

  server = await start();
  const sixth = await post(server.url, 6);
  expect(sixth.status).toBe(429);
  expect(sixth.body).toMatchObject({ code: 'rate_limited' });
  expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
});
