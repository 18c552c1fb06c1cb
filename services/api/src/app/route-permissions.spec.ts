import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRoutes } from '#api/testing/api-routes';
import { signUp } from '#api/testing/people';
import { openLive } from '#api/testing/live-client';
import { startTestServer, type TestServer } from './test-server';

/**
 * Who may call each /api route. `public`: anyone; `member`: signed in, banned or not (reads of
 * one's own data); `active`: signed in and not banned (writes); `ownerOrAdmin`: the author of
 * the story or comment, or an admin; `admin`: admins only.
 */
type Access = 'public' | 'member' | 'active' | 'ownerOrAdmin' | 'admin';
type Role = 'visitor' | 'user' | 'banned' | 'owner' | 'admin';
const ROLES: readonly Role[] = ['visitor', 'user', 'banned', 'owner', 'admin'];

interface Entry {
  access: Access;
  body?: object;
  query?: string;
  /** A business rule that refuses a role the access level lets in, and why. */
  except?: Partial<Record<Role, number>>;
  /** An event stream: its status is read from the headers, then it is closed. */
  stream?: true;
  /** Request headers every role sends. */
  headers?: Record<string, string>;
}

const MATRIX: Record<string, Entry> = {
  'GET /health': { access: 'public' },
  'GET /ready': { access: 'public' },
  'GET /config': { access: 'public' },
  'POST /stories': {
    access: 'active',
    body: { content: 'He folds towels in thirds. Who is right?', category: 'household' },
  },
  'GET /stories': { access: 'public' },
  'GET /stories/random': { access: 'public' },
  'GET /stories/search': { access: 'public' },
  'GET /stories/:id': { access: 'public' },
  'GET /stories/:id/vote': { access: 'public' },
  'GET /stories/:id/live': { access: 'public', stream: true },
  'GET /stories/:id/timeline': { access: 'public' },
  'POST /stories/:id/vote': { access: 'active', body: { vote: 'he' } },
  'POST /stories/:id/track': { access: 'public', body: { action: 'view' } },
  'POST /stories/:id/reactions': { access: 'active', body: { type: 'lol' } },
  'PUT /stories/:id/reactions/:type': { access: 'active' },
  'DELETE /stories/:id/reactions/:type': { access: 'active' },
  'PUT /stories/:id/saved': { access: 'active' },
  'DELETE /stories/:id/saved': { access: 'active' },
  'PUT /stories/:id/follow': { access: 'active' },
  'DELETE /stories/:id/follow': { access: 'active' },
  // Only the author's rejected story is resubmitted: the approved fixture answers the owner 409,
  // anyone else 404, as for a story not theirs.
  'POST /stories/:id/resubmit': {
    access: 'active',
    body: { content: 'He folds towels in halves now. Who is right?', category: 'household' },
  },
  'DELETE /stories/:id': { access: 'ownerOrAdmin' },
  'GET /users/stories': { access: 'member' },
  'GET /users/saved': { access: 'member' },
  'GET /admin/stories': { access: 'admin' },
  'PATCH /admin/stories/:id': { access: 'admin', body: { status: 'hidden', reason: 'Test' } },
  'DELETE /admin/stories/:id': { access: 'admin' },
  'GET /admin/stories/:id/history': { access: 'admin' },
  'GET /admin/skipped-stories': { access: 'admin' },
  'GET /admin/insights': { access: 'admin' },
  'GET /dashboard/stories': { access: 'admin' },
  'GET /stories/:id/comments': { access: 'public' },
  'POST /stories/:id/comments': { access: 'active', body: { content: 'I side with her.' } },
  'POST /comments/:id/vote': {
    access: 'active',
    body: { vote: 'up' },
    except: { owner: 403 }, // Nobody votes on their own comment.
  },
  'DELETE /comments/:id/vote': { access: 'active', except: { owner: 403 } },
  'DELETE /comments/:id': { access: 'ownerOrAdmin' },
  // Only its author edits a comment: an admin deletes, never rewrites.
  'PATCH /comments/:id': {
    access: 'ownerOrAdmin',
    body: { content: 'Edited words' },
    except: { admin: 403 },
  },
  'GET /users/comments': { access: 'member' },
  'DELETE /admin/comments/:id': { access: 'admin' },
  'PATCH /admin/comments/:id/keep': { access: 'admin', body: { reason: 'Fair criticism' } },
  'GET /admin/flagged-comments': { access: 'admin' },
  'POST /auth/register': { access: 'public', body: { email: 'not-an-address', password: 'x' } },
  'POST /auth/login': { access: 'public', body: { email: 'not-an-address', password: 'x' } },
  'GET /auth/user': { access: 'member' },
  'GET /users/stats': { access: 'member' },
  'GET /users/me/export': { access: 'member' },
  // A banned member may still take their data and leave. The only admin here is the last one:
  // their deletion is refused with 409 until someone else is promoted, which is not a 401/403.
  'POST /users/me/delete-request': { access: 'member' },
  'POST /users/me/delete': { access: 'member', body: { password: 'not the password' } },
  'PATCH /users/profile': { access: 'active', body: { profileImageUrl: '' } },
  'PATCH /users/preferences': { access: 'member', body: { showSideOnComments: false } },
  'POST /reports': {
    access: 'active',
    body: { targetType: 'story', targetId: 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV', reason: 'spam' },
  },
  'GET /reports/:targetType/:targetId': { access: 'member' },
  'GET /admin/reports': { access: 'admin' },
  'PATCH /admin/reports/:targetType/:targetId': { access: 'admin', body: { action: 'dismiss' } },
  'GET /users/notification-settings': { access: 'member' },
  // The digest's link needs no sign-in: the token is the proof (a bad one is 400 to all).
  'POST /notifications/unsubscribe': { access: 'public', body: { token: 'not-a-token' } },
  'PATCH /users/notification-settings': { access: 'member', body: { digest: true } },
  'GET /notifications': { access: 'member' },
  'GET /notifications/live': { access: 'member', stream: true },
  'POST /notifications/read': { access: 'member', body: { all: true } },
  'POST /auth/verify-email': { access: 'public', body: { token: 'not.a-token' } },
  'POST /auth/resend-verification': { access: 'member' },
  'POST /auth/forgot-password': { access: 'public', body: { email: 'nobody@example.com' } },
  'POST /auth/reset-password': {
    access: 'public',
    body: { token: 'not-a-token', password: 'a new password' },
  },
  // Signing out is a page the Logout button opens; any other request is refused for everyone.
  'GET /logout': {
    access: 'public',
    headers: {
      'Sec-Fetch-Site': 'same-origin',
      'Sec-Fetch-Mode': 'navigate',
      'Sec-Fetch-Dest': 'document',
    },
  },
  'GET /login': { access: 'public' },
  'GET /callback': { access: 'public' },
  'GET /admin/summary': { access: 'admin' },
  'GET /admin/users': { access: 'admin' },
  'PATCH /admin/users/:id/ban': { access: 'admin' },
  'PATCH /admin/users/:id/unban': { access: 'admin' },
  'PATCH /admin/users/:id/promote': { access: 'admin' },
  'PATCH /admin/users/:id/demote': { access: 'admin' },
  'GET /admin/moderation-log': { access: 'admin' },
  'GET /admin/users/:id/history': { access: 'admin' },
  'GET /admin/users/:id/notes': { access: 'admin' },
  'POST /admin/users/:id/notes': { access: 'admin', body: { text: 'A note' } },
  'POST /admin/replays': { access: 'admin', body: { until: '2026-01-01T00:00:00Z' } },
  'GET /admin/replays/:id': { access: 'admin' },
  'GET /admin/stories/poor/dry-run': { access: 'admin' },
  'GET /admin/automod-rules': { access: 'admin' },
  'POST /admin/automod-rules': {
    access: 'admin',
    body: { name: 'Matrix', phrases: ['scam*'], target: 'comment', action: 'flag' },
  },
  'PATCH /admin/automod-rules/:id': { access: 'admin', body: { name: 'Renamed' } },
  'DELETE /admin/automod-rules/:id': { access: 'admin' },
  'POST /admin/automod-rules/dry-run': {
    access: 'admin',
    body: { rule: { name: 'Matrix', phrases: ['scam*'], target: 'story', action: 'mark' } },
  },
  'GET /admin/automod-rules/dry-run/:id': { access: 'admin' },
  'GET /admin/comments/held': { access: 'admin' },
  'POST /admin/comments/held/:id/approve': { access: 'admin' },
  'DELETE /admin/comments/held/:id': { access: 'admin', body: { reason: 'Spam' } },
};

const REFUSED: Record<Access, Partial<Record<Role, number>>> = {
  public: {},
  member: { visitor: 401 },
  active: { visitor: 401, banned: 403 },
  ownerOrAdmin: { visitor: 401, banned: 403, user: 403 },
  admin: { visitor: 401, user: 403, banned: 403, owner: 403 },
};

let server: TestServer;
const cookies = {} as Record<Exclude<Role, 'visitor'>, string>;
let adminAgent: Awaited<ReturnType<typeof signUp>>['agent'];
const idOf = (res: { body: unknown }) => z.object({ id: z.string() }).parse(res.body).id;

async function sessionCookie(email: string): Promise<string> {
  const res = await server
    .agent()
    .post('/api/auth/login')
    .send({ email, password: 'a good password' })
    .expect(200);
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0];
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

/** A fresh approved story and a comment by the owner, and a fresh account for user actions. */
async function fixtures(owner: Awaited<ReturnType<typeof signUp>>) {
  const storyId = idOf(
    await owner.agent
      .post('/api/stories')
      .send({ content: 'She alphabetises the fridge. Who is right?', category: 'lifestyle' })
      .expect(201),
  );
  await adminAgent.patch(`/api/admin/stories/${storyId}`).send({ status: 'approved' }).expect(200);
  const commentId = idOf(
    await owner.agent
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'I wrote it.' })
      .expect(201),
  );
  return { storyId, commentId, userId: (await signUp(server)).id };
}

let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'matrix-admin@example.com' });
  const admin = await signUp(server, { email: 'matrix-admin@example.com' });
  adminAgent = admin.agent;
  owner = await signUp(server);
  const user = await signUp(server);
  const banned = await signUp(server);
  await adminAgent.patch(`/api/admin/users/${banned.id}/ban`).expect(200);
  cookies.admin = await sessionCookie(admin.email);
  cookies.owner = await sessionCookie(owner.email);
  cookies.user = await sessionCookie(user.email);
  cookies.banned = await sessionCookie(banned.email);
}, 60_000);
afterAll(async () => {
  await server.stop();
});

describe('route permissions', () => {
  it('when the API lists its routes every one has an entry in the matrix, and every entry a route', () => {
    const routes = apiRoutes(server);
    expect(
      routes.filter((route) => !(route in MATRIX)),
      'routes with no entry',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((route) => !routes.includes(route)),
      'stale entries',
    ).toEqual([]);
  });

  // Logging out ends the session the next routes would use: it goes last.
  const order = Object.keys(MATRIX).sort(
    (a, b) => Number(a === 'GET /logout') - Number(b === 'GET /logout'),
  );
  for (const route of order) {
    const entry = MATRIX[route]!;
    it(`${route} (${entry.access}): refused exactly for the roles it must refuse`, async () => {
      const ids = await fixtures(owner);
      const [method, pattern] = route.split(' ') as [string, string];
      const id = pattern.startsWith('/admin/users/')
        ? ids.userId
        : pattern.includes('/comments/:id')
          ? ids.commentId
          : ids.storyId;
      const path = `/api${pattern
        .replace(':targetType/:targetId', `story/${ids.storyId}`)
        .replace(':id', id)
        .replace(':type', 'lol')}`;
      const refused = { ...REFUSED[entry.access], ...entry.except };
      const statuses: Record<string, number> = {};
      for (const role of ROLES) {
        if (entry.stream) {
          const headers: Record<string, string> =
            role === 'visitor' ? {} : { cookie: cookies[role] };
          const live = await openLive(`${server.url}${path}`, headers);
          statuses[role] = live.status;
          live.close();
          continue;
        }
        let req = server.agent()[method.toLowerCase() as 'get'](path).redirects(0);
        if (role !== 'visitor') req = req.set('Cookie', cookies[role]);
        if (entry.headers) req = req.set(entry.headers);
        const res = entry.body ? await req.send(entry.body) : await req;
        statuses[role] = res.status;
      }
      for (const role of ROLES) {
        const expected = refused[role];
        if (expected) expect(statuses[role], `${role}: ${JSON.stringify(statuses)}`).toBe(expected);
        else
          expect([401, 403], `${role} let in: ${JSON.stringify(statuses)}`).not.toContain(
            statuses[role],
          );
        expect(statuses[role], `${role}: no server error`).toBeLessThan(500);
      }
    });
  }
});
