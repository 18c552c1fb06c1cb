import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { currentUserSchema } from '@whosright/contracts/account/dto';
import { parseBody } from '#api/testing/parse-body';
import { verificationTokenFor } from '#api/testing/people';
import { startTestServer, type TestServer } from '#api/app/test-server';
import { startWebServer } from '#api/app/server';
import { createLogger } from '#api/platform/logger';

const PASSWORD = 'a good password';

describe('ADMIN_EMAILS', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
  });

  it('when existing accounts are listed at start only a verified address holds the admin role', async () => {
    server = await startTestServer();
    const register = (email: string) =>
      server!
        .agent()
        .post('/api/auth/register')
        .send({ email, password: PASSWORD, firstName: 'Lia' })
        .expect(201);
    await register('verified-admin@example.com');
    await register('unverified-admin@example.com');
    const token = await verificationTokenFor(server, 'verified-admin@example.com');
    await server.agent().post('/api/auth/verify-email').send({ token }).expect(200);
    await server.running.stop();

    const config = {
      ...server.config,
      adminEmails: ['verified-admin@example.com', 'unverified-admin@example.com'],
    };
    const restarted = await startWebServer(
      config,
      createLogger({ ...config, logLevel: 'silent' }),
      { webDist: null },
    );
    server.running = restarted;
    const roleAfterSignIn = async (email: string) =>
      parseBody(
        await request
          .agent(restarted.url)
          .post('/api/auth/login')
          .send({ email, password: PASSWORD })
          .expect(200),
        currentUserSchema,
      ).role;
    expect(await roleAfterSignIn('verified-admin@example.com')).toBe('admin');
    expect(await roleAfterSignIn('unverified-admin@example.com')).toBe('user');
  });
});
