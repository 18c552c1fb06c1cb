import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@whosright/contracts/shared/errors';
import { apiRoutes } from '#api/testing/api-routes';
import { signUp } from '#api/testing/people';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'ids-admin@example.com' });
  admin = await signUp(server, { email: 'ids-admin@example.com' });
});
afterAll(async () => {
  await server.stop();
});

describe('malformed ids', () => {
  for (const id of ['%', '%zz', '%E0%A4%A', 'abc%']) {
    it(`when any route with an id gets "${id}" it answers 400 with the usual error body`, async () => {
      const before = await server.running.application.stores.eventStore.headPosition();
      const routes = apiRoutes(server).filter((route) => route.includes(':id'));
      expect(routes.length).toBeGreaterThan(10);
      for (const route of routes) {
        const [method, pattern] = route.split(' ') as [string, string];
        const res = await admin.agent[method.toLowerCase() as 'get'](
          `/api${pattern.replace(':id', id)}`,
        );
        expect(res.status, route).toBe(400);
        expect(errorBodySchema.parse(res.body).code, route).toBe('validation_failed');
      }
      expect(await server.running.application.stores.eventStore.headPosition()).toBe(before);
      expect(server.logs.join('')).not.toContain('request failed');
    });
  }
});
