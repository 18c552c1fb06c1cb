import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  automodRuleSchema,
  automodRulesSchema,
  type AutomodRule,
} from '@whosright/contracts/automod/dto';
import { moderationLogPageSchema } from '@whosright/contracts/moderation/dto';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { startTestServer, type TestServer } from '#api/app/test-server';

type Member = Awaited<ReturnType<typeof signUp>>;

let server: TestServer;
let admin: Member;

const head = () => server.running.application.stores.eventStore.headPosition();
let named = 0;
const rule = (overrides: object = {}) => ({
  name: `Scams ${++named}`,
  phrases: ['scam*', 'get rich quick'],
  target: 'comment',
  action: 'hold',
  ...overrides,
});

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'automod-admin@example.com' });
  admin = await signUp(server, { email: 'automod-admin@example.com' });
});
afterAll(async () => {
  await server.stop();
});

async function create(body: object): Promise<AutomodRule> {
  const res = await admin.agent.post('/api/admin/automod-rules').send(body).expect(201);
  return parseBody(res, automodRuleSchema);
}

async function listed(): Promise<AutomodRule[]> {
  const res = await admin.agent.get('/api/admin/automod-rules').expect(200);
  return parseBody(res, automodRulesSchema).items;
}

async function logOf(ruleId: string) {
  const res = await admin.agent.get(`/api/admin/moderation-log?targetId=${ruleId}`).expect(200);
  return parseBody(res, moderationLogPageSchema).items;
}

describe('automod rules API', () => {
  it('creates a rule (201) with trimmed, distinct phrases, lists it, and logs it', async () => {
    const created = await create(
      rule({ name: '  Money scams ', phrases: [' scam* ', 'scam*', 'wire the money'] }),
    );
    expect(created.id).toMatch(/^rule_/);
    expect(created).toEqual({
      id: created.id,
      name: 'Money scams',
      phrases: ['scam*', 'wire the money'],
      target: 'comment',
      action: 'hold',
    });
    expect(await listed()).toContainEqual(created);
    const log = await logOf(created.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'rule.create',
      target: { type: 'rule', id: created.id, label: 'Money scams' },
      actor: { id: admin.id },
    });
  });

  it('changes the fields given (200) and logs it; the same values again append nothing', async () => {
    const created = await create(rule());
    const res = await admin.agent
      .patch(`/api/admin/automod-rules/${created.id}`)
      .send({ action: 'flag', name: 'Renamed scams' })
      .expect(200);
    expect(parseBody(res, automodRuleSchema)).toEqual({
      ...created,
      action: 'flag',
      name: 'Renamed scams',
    });
    const position = await head();
    await admin.agent
      .patch(`/api/admin/automod-rules/${created.id}`)
      .send({ action: 'flag' })
      .expect(200);
    expect(await head()).toBe(position);
    expect((await logOf(created.id)).map((entry) => entry.action)).toEqual([
      'rule.update',
      'rule.create',
    ]);
  });

  it('deletes a rule (204), logs it under the name it had, and then it is not found', async () => {
    const created = await create(rule());
    await admin.agent.delete(`/api/admin/automod-rules/${created.id}`).expect(204);
    expect((await listed()).map((r) => r.id)).not.toContain(created.id);
    expect((await logOf(created.id))[0]).toMatchObject({
      action: 'rule.delete',
      target: { label: created.name },
    });
    await admin.agent.delete(`/api/admin/automod-rules/${created.id}`).expect(404);
    await admin.agent
      .patch(`/api/admin/automod-rules/${created.id}`)
      .send({ name: 'Back' })
      .expect(404);
  });

  it('refuses a name another rule has (409), whatever its case', async () => {
    const created = await create(rule());
    const position = await head();
    const res = await admin.agent
      .post('/api/admin/automod-rules')
      .send(rule({ name: created.name.toUpperCase() }))
      .expect(409);
    expect(res.body).toMatchObject({ code: 'conflict' });
    expect(await head()).toBe(position);
  });

  it.each([
    ['no phrases', { phrases: [] }],
    ['a phrase of wildcards only', { phrases: ['*'] }],
    ['a story rule that holds', { target: 'story', action: 'hold' }],
    ['a comment rule that marks', { target: 'comment', action: 'mark' }],
    ['an unknown target', { target: 'user' }],
    ['an empty name', { name: '  ' }],
    ['an unknown field', { extra: 1 }],
    ['phrases that are not a list', { phrases: 'scam' }],
    ['too long a phrase', { phrases: ['x'.repeat(61)] }],
  ])('refuses %s with 400 and appends nothing', async (_label, overrides) => {
    const position = await head();
    const res = await admin.agent
      .post('/api/admin/automod-rules')
      .send(rule(overrides))
      .expect(400);
    expect(res.body).toMatchObject({ code: 'validation_failed' });
    expect(await head()).toBe(position);
  });

  it('refuses more than 10 words with wildcards in a rule (400, saying so) and takes 10', async () => {
    const wild = Array.from({ length: 11 }, (_, i) => `scam${i}*`);
    const position = await head();
    const res = await admin.agent
      .post('/api/admin/automod-rules')
      .send(rule({ phrases: ['get rich quick', wild.slice(0, 2).join(' '), ...wild.slice(2)] }))
      .expect(400);
    expect(res.body).toMatchObject({
      code: 'validation_failed',
      issues: [{ path: 'phrases', message: "At most 10 words with * or ? in a rule's phrases" }],
    });
    expect(await head()).toBe(position);
    await create(rule({ phrases: ['get rich quick', ...wild.slice(1)] }));
  });

  it('refuses a change that makes an invalid rule (400) and a bad id (400)', async () => {
    const created = await create(rule());
    const position = await head();
    await admin.agent
      .patch(`/api/admin/automod-rules/${created.id}`)
      .send({ target: 'story' })
      .expect(400);
    await admin.agent
      .patch(`/api/admin/automod-rules/${created.id}`)
      .send({ colour: 'red' })
      .expect(400);
    await admin.agent.patch('/api/admin/automod-rules/nope').send({ name: 'x' }).expect(400);
    expect(await head()).toBe(position);
  });

  it('is for admins only', async () => {
    const member = await signUp(server);
    await member.agent.get('/api/admin/automod-rules').expect(403);
    await member.agent.post('/api/admin/automod-rules').send(rule()).expect(403);
  });
});
