import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readinessSchema } from '@whosright/contracts/platform/dto';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
/** The clock `/api/ready` measures lag by: moved by the specs, never waited for. */
let clock = 1_000_000;

beforeAll(async () => {
  server = await startTestServer({}, { healthClock: () => clock });
});
afterAll(() => server.stop());

async function readiness() {
  const res = await server.agent().get('/api/ready');
  return { status: res.status, body: parseBody(res, readinessSchema) };
}

describe('GET /api/ready after writes most read models do not handle', () => {
  it('when a member marks everything read twice and nothing is written for a minute it stays ready', async () => {
    const member = await signUp(server);
    await member.agent.post('/api/notifications/read').send({ all: true }).expect(200);
    await member.agent.post('/api/notifications/read').send({ all: true }).expect(200);
    expect(await readiness()).toEqual({ status: 200, body: { status: 'ready', reasons: [] } });
    clock += 60_000;
    expect(await readiness()).toEqual({ status: 200, body: { status: 'ready', reasons: [] } });
  });

  it('when the projections have stopped and an event two read models handle waits past the limit it answers 503 naming those two', async () => {
    const member = await signUp(server);
    const { stores } = server.running.application;
    await stores.projections.stop();
    await stores.eventStore.append(
      `notificationReads-${member.id}`,
      [
        {
          type: 'NotificationsRead',
          data: { userId: member.id, marks: [], allUpTo: new Date().toISOString() },
          metadata: { correlationId: 'readiness-spec' },
        },
      ],
      'any',
    );
    expect((await readiness()).status).toBe(200);
    clock += 31_000;
    expect(await readiness()).toEqual({
      status: 503,
      body: {
        status: 'not_ready',
        reasons: [
          'projections lagging: member-streams (31 s behind), notification-reads (31 s behind)',
        ],
      },
    });
  });
});
