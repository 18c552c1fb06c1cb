import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@whosright/contracts/shared/errors';
import { signUp } from '#api/testing/people';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;

const PAGED_LISTS = [
  '/api/stories',
  '/api/users/stories',
  '/api/users/comments',
  '/api/admin/users',
  '/api/admin/stories',
  '/api/admin/flagged-comments',
  '/api/admin/skipped-stories',
  '/api/admin/moderation-log',
  '/api/dashboard/stories',
  '/api/stories/search?q=socks',
];

const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const CURSORS = {
  'not base64 JSON': 'abc',
  'a NUL byte': '%00',
  'a broken escape': '%',
  'an array of one object': base64([{}]),
  'an object where a sort value belongs': base64([{}, 1]),
  'a nested array': base64([[1], 'x']),
  'five values': base64([1, 2, 3, 4, 5]),
  // Well formed, but three values where every list here sorts on one field and the id.
  'a cursor of another sort': base64(['2026-01-01T00:00:00.000Z', 1, 'story_x']),
};

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'cursor-admin@example.com' });
  admin = await signUp(server, { email: 'cursor-admin@example.com' });
  const created = await admin.agent
    .post('/api/stories')
    .send({ content: 'He sorts socks by colour. Who is right?', category: 'household' })
    .expect(201);
  const storyId = (created.body as { id: string }).id;
  await admin.agent.patch(`/api/admin/stories/${storyId}`).send({ status: 'approved' }).expect(200);
  PAGED_LISTS.push(`/api/stories/${storyId}/comments`);
});
afterAll(async () => {
  await server.stop();
});

describe('malformed cursors', () => {
  for (const [name, cursor] of Object.entries(CURSORS)) {
    it(`when any paged list gets ${name} as its cursor it answers 400 with the usual error body`, async () => {
      for (const path of PAGED_LISTS) {
        const res = await admin.agent.get(
          `${path}${path.includes('?') ? '&' : '?'}cursor=${cursor}`,
        );
        expect(res.status, path).toBe(400);
        expect(errorBodySchema.parse(res.body).code, path).toBe('validation_failed');
      }
      expect(server.logs.join('')).not.toContain('request failed');
    });
  }
});
