import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRoutes } from '#api/testing/api-routes';
import { signUp } from '#api/testing/people';
import { startTestServer, type TestServer } from './test-server';

/**
 * Property-based fuzzing of every /api route: whatever a client sends, the answer is
 * never a 5xx, never carries a stack trace, and a refused or replayed request appends nothing. `npm test`
 * runs a few thousand cases; `npm run fuzz -- --runs 20000` runs a long one.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let server: TestServer;
let routes: string[];
const agents: Record<'visitor' | 'member' | 'admin', () => ReturnType<TestServer['agent']>> = {
  visitor: () => server.agent(),
  member: () => server.agent(),
  admin: () => server.agent(),
};
const ids = { story: '', comment: '', user: '' };
const idOf = (res: { body: unknown }) => z.object({ id: z.string() }).parse(res.body).id;
const head = () => server.running.application.stores.eventStore.headPosition();

const FIELDS = [
  'content',
  'category',
  'vote',
  'type',
  'action',
  'status',
  'reason',
  'email',
  'password',
  'firstName',
  'lastName',
  'token',
  'username',
  'profileImageUrl',
  'showSideOnComments',
  'digest',
  'kinds',
  'ids',
  'all',
  'targetType',
  'targetId',
  'note',
  'name',
  'phrases',
  'target',
  'rule',
  'text',
];
const QUERY_KEYS = [
  'cursor',
  'limit',
  'category',
  'exclude',
  'q',
  'action',
  'actor',
  'before',
  'targetType',
  'targetId',
];
const nasty = fc.constantFrom(
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  '\u0000',
  '\ud800',
  'a'.repeat(5_000),
  'story_',
  'user_00000000000000000000000000',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '{"$gt":""}',
  '-1',
  '1e309',
  'NaN',
);
const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  nasty,
);
const value = fc.oneof(scalar, fc.jsonValue({ maxDepth: 3 }));

/** No body, a JSON body (an object with known fields or any JSON value), or raw text. */
const body = fc.oneof(
  fc.constant(undefined),
  fc
    .dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 5 })
    .map((object) => JSON.stringify(object)),
  fc.jsonValue({ maxDepth: 4 }).map((json) => JSON.stringify(json)),
  fc.string({ maxLength: 60 }),
);
const query = fc.dictionary(
  fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })),
  fc.oneof(fc.string({ maxLength: 30 }), nasty),
  { maxKeys: 3 },
);

/** No key, a few keys reused across runs (so some requests are retries), or any header value. */
const idempotencyKey = fc.option(
  fc.oneof(
    fc.constantFrom('retry-1', 'retry-2', 'clé', 'k'.repeat(256)),
    fc.string({ maxLength: 300 }),
  ),
  { nil: undefined },
);

function pathOf(pattern: string, param: string): string {
  return `/api${pattern.replace(':id', param)}`;
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'fuzz-admin@example.com' });
  // GET /logout is fuzzed too: a request that is not a page opened from the site signs nobody out.
  routes = apiRoutes(server);
  // An event stream answers until the client leaves: each live-api.spec.ts covers its inputs.
  const streams = new Set(['GET /stories/:id/live', 'GET /notifications/live']);
  routes = routes.filter((route) => !streams.has(route));
  const admin = await signUp(server, { email: 'fuzz-admin@example.com' });
  const member = await signUp(server);
  agents.admin = () => admin.agent;
  agents.member = () => member.agent;
  ids.user = member.id;
  ids.story = idOf(
    await member.agent
      .post('/api/stories')
      .send({ content: 'He leaves cupboard doors open. Who is right?', category: 'household' })
      .expect(201),
  );
  await admin.agent.patch(`/api/admin/stories/${ids.story}`).send({ status: 'approved' });
  ids.comment = idOf(
    await member.agent
      .post(`/api/stories/${ids.story}/comments`)
      .send({ content: 'Close them!' })
      .expect(201),
  );
}, 60_000);
afterAll(async () => {
  await server.stop();
});

describe('fuzzing every /api route', () => {
  it(`when ${RUNS} random requests arrive none answers 5xx or a stack trace, and no refused or replayed one appends`, async () => {
    const param = fc.oneof(
      fc.constantFrom(ids.story, ids.comment, ids.user),
      fc.string({ maxLength: 30 }).map(encodeURIComponent),
      nasty,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom('visitor', 'member', 'admin' as const),
        param,
        query,
        body,
        idempotencyKey,
        async (route, role, id, search, payload, key) => {
          const [method, pattern] = route.split(' ') as [string, string];
          const agent = agents[role]();
          const req = agent[method.toLowerCase() as 'get'](pathOf(pattern, id))
            .redirects(0)
            .query(search);
          if (key !== undefined) req.set('Idempotency-Key', key);
          const before = await head();
          const res =
            payload === undefined
              ? await req
              : await req.set('Content-Type', 'application/json').send(payload);
          const text = res.text ?? '';
          expect(res.status, `${route} ${text.slice(0, 200)}`).toBeLessThan(500);
          expect(text, route).not.toMatch(/\n\s+at [\w.<>]+ \(|node_modules|\.ts:\d+/);
          if (res.status >= 400 || res.headers['idempotent-replayed'])
            expect(await head(), `${route} ${res.status}`).toBe(before);
        },
      ),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
  }, 600_000);
});
