import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { automodDryRunJobSchema, type AutomodDryRunJob } from '@whosright/contracts/automod/dto';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';

type Member = Awaited<ReturnType<typeof signUp>>;

let server: TestServer;
let admin: Member;

const head = () => server.running.application.stores.eventStore.headPosition();
const idOf = (res: { body: unknown }) => z.object({ id: z.string() }).parse(res.body).id;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'automod-dry-run@example.com' });
  admin = await signUp(server, { email: 'automod-dry-run@example.com' });
});
afterAll(async () => {
  await server.stop();
});

async function dryRun(rule: object): Promise<AutomodDryRunJob> {
  const res = await admin.agent.post('/api/admin/automod-rules/dry-run').send({ rule }).expect(202);
  const started = parseBody(res, automodDryRunJobSchema);
  expect(started.progress.read).toBe(0);
  return vi.waitFor(
    async () => {
      const polled = await admin.agent
        .get(`/api/admin/automod-rules/dry-run/${started.id}`)
        .expect(200);
      const job = parseBody(polled, automodDryRunJobSchema);
      expect(job.status).not.toBe('running');
      return job;
    },
    { timeout: 30_000, interval: 50 },
  );
}

const submit = async (author: Member, content: string) =>
  idOf(await author.agent.post('/api/stories').send({ content, category: 'money' }).expect(201));
const moderate = (storyId: string, status: string) =>
  admin.agent.patch(`/api/admin/stories/${storyId}`).send({ status }).expect(200);
const comment = async (member: Member, storyId: string, content: string) =>
  idOf(await member.agent.post(`/api/stories/${storyId}/comments`).send({ content }).expect(201));

describe('POST /api/admin/automod-rules/dry-run', () => {
  it('counts the stories a rule would have matched and how many moderators removed', async () => {
    const author = await signUp(server);
    // By hand: four stories hold a "gadget" word, one does not. Of the four, one is rejected,
    // one hidden after approval and one deleted by an admin; one stays approved.
    const rejected = await submit(author, 'He buys a GADGET a week. Who is right?');
    const hidden = await submit(author, 'She hides his gadgetry in the loft. Who is right?');
    const deleted = await submit(author, 'Gadgets or holidays? Who is right?');
    const kept = await submit(author, 'He named the gadget Kevin. Who is right?');
    await submit(author, 'He buys a gizmo a week. Who is right?');
    await moderate(rejected, 'rejected');
    await moderate(hidden, 'approved');
    await moderate(hidden, 'hidden');
    await moderate(kept, 'approved');
    await admin.agent.delete(`/api/admin/stories/${deleted}`).expect(204);

    const position = await head();
    const job = await dryRun({
      name: 'Gadgets',
      phrases: ['gadget*'],
      target: 'story',
      action: 'mark',
    });
    expect(await head()).toBe(position);
    expect(job.status).toBe('done');
    expect(job.progress.read).toBe(job.progress.total);
    expect(job.progress.read).toBeGreaterThan(0);
    expect(job.result?.stories).toEqual({ matched: 4, removed: 3 });
    expect(job.result?.comments).toEqual({ matched: 0, removed: 0 });
    const examples = job.result?.examples ?? [];
    expect(examples.map((e) => [e.id, e.removed])).toEqual([
      [kept, false],
      [deleted, true],
      [hidden, true],
      [rejected, true],
    ]);
    expect(examples[0]).toMatchObject({ targetType: 'story', phrase: 'gadget*' });
  });

  it('counts comments, leaving out a deleted member’s, whose text is in no example', async () => {
    const author = await signUp(server);
    const storyId = await approvedStory(author, admin);
    const [ann, ben, leaver] = [await signUp(server), await signUp(server), await signUp(server)];
    // By hand: five "sprocket" comments. Ann's first is deleted by an admin (removed), her second
    // by herself (not a moderator's decision), Ben's stays; the leaver's goes with their account
    // and reads as deleted. One comment has no sprocket.
    const removed = await comment(ann, storyId, 'Sprockets everywhere.');
    const ownDelete = await comment(ann, storyId, 'More sprockets.');
    const stays = await comment(ben, storyId, 'A sprocket is a sprocket.');
    await comment(leaver, storyId, 'My secret sprocket stash.');
    await comment(ben, storyId, 'Cogs, not wheels.');
    await admin.agent.delete(`/api/admin/comments/${removed}`).expect(204);
    await ann.agent.delete(`/api/comments/${ownDelete}`).expect(204);
    await leaver.agent
      .post('/api/users/me/delete')
      .send({ password: 'a good password' })
      .expect(200);

    const job = await dryRun({
      name: 'Sprockets',
      phrases: ['sprocket*'],
      target: 'comment',
      action: 'flag',
    });
    expect(job.result?.comments).toEqual({ matched: 3, removed: 1 });
    expect(job.result?.stories).toEqual({ matched: 0, removed: 0 });
    const examples = job.result?.examples ?? [];
    expect(examples.map((e) => [e.id, e.removed])).toEqual([
      [stays, false],
      [ownDelete, false],
      [removed, true],
    ]);
    expect(JSON.stringify(job)).not.toContain('secret');
  });

  it('refuses a bad rule (400) and an unknown job (404); members get 403', async () => {
    await admin.agent
      .post('/api/admin/automod-rules/dry-run')
      .send({ rule: { name: 'x', phrases: ['*'], target: 'story', action: 'mark' } })
      .expect(400);
    await admin.agent.post('/api/admin/automod-rules/dry-run').send({}).expect(400);
    await admin.agent.get('/api/admin/automod-rules/dry-run/dryrun_nope').expect(404);
    const member = await signUp(server);
    await member.agent
      .post('/api/admin/automod-rules/dry-run')
      .send({ rule: { name: 'x', phrases: ['y'], target: 'story', action: 'mark' } })
      .expect(403);
  });
});
