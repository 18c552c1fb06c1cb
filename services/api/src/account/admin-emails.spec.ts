import { afterEach, describe, expect, it } from 'vitest';
import { currentUserSchema } from '@whosright/contracts/account/dto';
import { parseBody } from '#api/testing/parse-body';
import { startTestServer, type TestServer } from '#api/app/test-server';
import { startWebServer } from '#api/app/server';
import { createLogger } from '#api/platform/logger';

describe('ADMIN_EMAILS', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
  });

  it('when an existing account is listed at start it holds the admin role', async () => {
    server = await startTestServer();
    const agent = server.agent();
    await agent
      .post('/api/auth/register')
      .send({ email: 'later-admin@example.com', password: 'a good password', firstName: 'Lia' })
      .expect(201);
    expect(parseBody(await agent.get('/api/auth/user'), currentUserSchema).role).toBe('user');
    await server.running.stop();

    const config = { ...server.config, adminEmails: ['later-admin@example.com'] };
    const restarted = await startWebServer(
      config,
      createLogger({ ...config, logLevel: 'silent' }),
      { webDist: null },
    );
    server.running = restarted;
    const login = await (
      await import('supertest')
    ).default
      .agent(restarted.url)
      .post('/api/auth/login')
      .send({ email: 'later-admin@example.com', password: 'a good password' });
    expect(login.status).toBe(200);
    expect(parseBody(login, currentUserSchema).role).toBe('admin');
  });
});
