import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '@whosright/contracts/account/dto';
import { errorBodySchema } from '@whosright/contracts/shared/errors';
import { startTestServer, type TestServer } from '#api/app/test-server';

let server: TestServer;
const head = () => server.running.application.stores.eventStore.headPosition();

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

describe('common passwords', () => {
  it.each(['password', 'PASSWORD1', '12345678', 'iloveyou'])(
    'when someone registers with "%s" it is refused with a clear message and nothing is written',
    async (password) => {
      const before = await head();
      const res = await server
        .agent()
        .post('/api/auth/register')
        .send({ email: `common-${password}@example.com`, password, firstName: 'Cal' });
      expect(res.status).toBe(400);
      expect(errorBodySchema.parse(res.body).message).toBe(COMMON_PASSWORD_MESSAGE);
      expect(await head()).toBe(before);
    },
  );

  it('when the password is uncommon registration goes ahead', async () => {
    await server
      .agent()
      .post('/api/auth/register')
      .send({ email: 'uncommon@example.com', password: 'violet kettle 42 drums', firstName: 'Cal' })
      .expect(201);
  });
});
