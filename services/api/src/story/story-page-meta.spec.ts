import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storyCardSchema } from '@whosright/contracts/story/dto';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { startTestServer, type TestServer } from '#api/app/test-server';

function dist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wr-dist-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8" />\n<meta\n  name="description"\n  content="Old"\n/>\n<title>Old</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

describe('link previews for story pages', () => {
  let server: TestServer;
  let approvedId: string;
  let pendingId: string;
  const content = `He says "pineapple" belongs on pizza & I say <never>. ${'We argued all evening about it. '.repeat(10)}`;

  beforeAll(async () => {
    server = await startTestServer(
      { ADMIN_EMAILS: 'meta-admin@example.com', PUBLIC_URL: 'http://whosright.example' },
      { webDist: dist() },
    );
    const admin = await signUp(server, { email: 'meta-admin@example.com' });
    const approved = await admin.agent
      .post('/api/stories')
      .send({ content, category: 'lifestyle' })
      .expect(201);
    approvedId = parseBody(approved, storyCardSchema).id;
    await admin.agent
      .patch(`/api/admin/stories/${approvedId}`)
      .send({ status: 'approved' })
      .expect(200);
    const pending = await admin.agent
      .post('/api/stories')
      .send({ content: 'Secret pending story', category: 'other' })
      .expect(201);
    pendingId = parseBody(pending, storyCardSchema).id;
  });
  afterAll(async () => {
    await server.stop();
  });

  it('when an approved story is opened the page carries its title, a 200-character description and canonical URL, escaped', async () => {
    const res = await server.agent().get(`/story/${approvedId}`);
    expect(res.status).toBe(200);
    const html = res.text;
    expect(html).toContain(
      `<link rel="canonical" href="http://whosright.example/story/${approvedId}" />`,
    );
    expect(html).toContain(
      '<meta property="og:title" content="Lifestyle &amp; Habits: who&#39;s right? | Who&#39;s Right" />',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    const description = /<meta property="og:description" content="([^"]*)"/.exec(html)![1]!;
    expect(
      description.startsWith(
        'He says &quot;pineapple&quot; belongs on pizza &amp; I say &lt;never&gt;.',
      ),
    ).toBe(true);
    expect(description.replace(/&[a-z#0-9]+;/g, 'x').length).toBeLessThanOrEqual(200);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('content="Old"');
  });

  const inlinedAnswers = (html: string) => {
    const block = /<script type="application\/json" id="inlined-answers">([^<]*)<\/script>/.exec(
      html,
    );
    return block ? (JSON.parse(block[1]!) as Record<string, unknown>) : null;
  };

  it('when a visitor opens an approved story the page carries the story as the API answers them, its text unable to close the element', async () => {
    const html = (await server.agent().get(`/story/${approvedId}`)).text;
    const answers = inlinedAnswers(html);
    const api = await server.agent().get(`/api/stories/${approvedId}`).expect(200);
    const config = await server.agent().get('/api/config').expect(200);
    expect(answers).toEqual({
      '/api/config': config.body as unknown,
      [`/api/stories/${approvedId}`]: api.body as unknown,
    });
    expect(html).not.toContain('<never>');
    expect(html).toContain('\\u003cnever\\u003e');
  });

  it('when the request carries the signed-in hint the page carries no story: a member asks for their own view', async () => {
    const html = (await server.agent().get(`/story/${approvedId}`).set('Cookie', 'wr_signed_in=1'))
      .text;
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(Object.keys(inlinedAnswers(html)!)).toEqual(['/api/config']);
  });

  it('when the story is pending, missing or the path is something else the generic tags are used', async () => {
    for (const path of [
      `/story/${pendingId}`,
      '/story/story_01JZZZZZZZZZZZZZZZZZZZZZZZ',
      '/story/garbage',
      '/privacy',
    ]) {
      const html = (await server.agent().get(path)).text;
      expect(html).toContain('<title>Who&#39;s Right</title>');
      expect(html).not.toContain('Secret pending story');
      expect(Object.keys(inlinedAnswers(html)!)).toEqual(['/api/config']);
      expect(html).toContain(
        `<meta property="og:url" content="http://whosright.example${path}" />`,
      );
    }
  });
});
