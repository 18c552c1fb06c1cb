import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { commentSchema } from '@whosright/contracts/comment/dto';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';

/**
 * A member deletes their account while another of their sessions keeps posting: every comment
 * either is refused or goes with the account. None may stay public after the deletion answered.
 */
let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;

const commentsSchema = z.array(commentSchema);

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'deletion-race-admin@example.com' });
  admin = await signUp(server, { email: 'deletion-race-admin@example.com' });
});
afterAll(async () => {
  await server.stop();
});

describe('an account deletion racing the member’s own writes', () => {
  it('when a second session posts comments during the deletion none of them stays public', async () => {
    const storyId = await approvedStory(
      await signUp(server),
      admin,
      'He folds the towels in thirds. Who is right?',
      'lifestyle',
    );
    const member = await signUp(server, { firstName: 'Racer' });
    const second = server.agent();
    await second
      .post('/api/auth/login')
      .send({ email: member.email, password: 'a good password' })
      .expect(200);
    // Earlier comments make the sweep take a while: the window a racing comment could slip into.
    for (let i = 0; i < 15; i++)
      await member.agent
        .post(`/api/stories/${storyId}/comments`)
        .send({ content: `Earlier comment ${i}` })
        .expect(201);

    let deleted = false;
    const statuses: number[] = [];
    const racing = (async () => {
      for (let i = 0; i < 400 && !deleted; i++) {
        const res = await second
          .post(`/api/stories/${storyId}/comments`)
          .send({ content: `Racing comment ${i}` });
        statuses.push(res.status);
      }
    })();
    // Let the racer start before the deletion does.
    await vi.waitFor(() => expect(statuses.length).toBeGreaterThanOrEqual(3), { interval: 5 });
    await member.agent
      .post('/api/users/me/delete')
      .send({ password: 'a good password' })
      .expect(200);
    deleted = true;
    await racing;

    const shown = commentsSchema.parse(
      (await admin.agent.get(`/api/stories/${storyId}/comments`).expect(200)).body,
    );
    // Only the member commented on this story.
    expect(shown.map((c) => c.content)).toEqual([]);
    expect(JSON.stringify(shown)).not.toMatch(/Racing comment|Earlier comment/);
    // Every racing write either landed before the deletion began (and was swept) or was refused.
    expect(statuses.every((s) => [201, 401, 403].includes(s))).toBe(true);
  });
});
