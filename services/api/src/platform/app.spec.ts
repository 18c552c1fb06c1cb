import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { readinessSchema } from '@whosright/contracts/platform/dto';
import { errorBodySchema } from '@whosright/contracts/shared/errors';
import { createApp } from './app';
import { loadConfig } from './config';
import { createLogger } from './logger';
import { ReadinessProbe } from './readiness';
import { parseBody } from '#api/testing/parse-body';

function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wr-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>Who\'s Right</title><div id="root"></div>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  return dir;
}

describe('the app', () => {
  const logs = captureLogs();
  const readiness = new ReadinessProbe();
  let notReadyReason: string | null = null;
  readiness.register('test', () => notReadyReason);
  let app: ReturnType<typeof createApp>;

  beforeAll(() => {
    const config = loadConfig({ LOG_LEVEL: 'info' });
    app = createApp({
      config,
      logger: createLogger(config, logs.stream),
      readiness,
      webDist: fakeDist(),
      apiRoutes: (router) => router.post('/form', (_req, res) => res.json({ taken: true })),
      otherBodyTypes: [{ path: '/form', types: ['application/x-www-form-urlencoded'] }],
    });
  });

  it('when asked for health it answers 200 without X-Powered-By', async () => {
    const res = await request(app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('when a readiness check fails it answers 503 with the reason, then 200 once it passes', async () => {
    notReadyReason = 'projection stories is paused';
    const down = await request(app).get('/api/ready');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: 'not_ready', reasons: ['projection stories is paused'] });
    notReadyReason = null;
    const up = await request(app).get('/api/ready');
    expect(up.status).toBe(200);
    expect(parseBody(up, readinessSchema).status).toBe('ready');
  });

  it('when an unknown /api path is asked it answers a JSON 404', async () => {
    const res = await request(app).get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toMatchObject({ code: 'not_found' });
  });

  it('when a client route is asked it serves index.html without long caching', async () => {
    for (const path of ['/', '/story/story_01', '/some/deep/route']) {
      const res = await request(app).get(path);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('when a hashed asset is asked it is cached for a year', async () => {
    const res = await request(app).get('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const other = await request(app).get('/favicon.svg');
    expect(other.headers['cache-control']).toBe('no-cache');
  });

  it('when a page is served its CSP allows no inline scripts', async () => {
    const res = await request(app).get('/');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['permissions-policy']).toContain('camera=()');
  });

  it('when analytics is not configured the CSP names no analytics host; when it is, it does', async () => {
    const csp = async (env: Record<string, string>) => {
      const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
      const configured = createApp({
        config,
        logger: createLogger(config),
        readiness,
        webDist: fakeDist(),
      });
      return String((await request(configured).get('/')).headers['content-security-policy']);
    };
    expect(await csp({})).not.toMatch(/googletagmanager|google-analytics/);
    expect(await csp({ ANALYTICS_ID: 'G-TEST123' })).toContain('https://www.googletagmanager.com');
  });

  it('when the runtime config is asked it tells the web app what is configured', async () => {
    const res = await request(app).get('/api/config');
    expect(res.body).toEqual({
      productName: "Who's Right",
      publicUrl: 'http://localhost:3000',
      analyticsId: null,
      adsClient: null,
      externalSignIn: { enabled: false, label: 'SSO' },
    });
  });

  it('when a write comes from another site it is refused with 403', async () => {
    const bySite = await request(app)
      .post('/api/anything')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({});
    expect(bySite.status).toBe(403);
    const byOrigin = await request(app)
      .post('/api/anything')
      .set('Origin', 'https://evil.example')
      .send({});
    expect(byOrigin.status).toBe(403);
  });

  it('when a body is not JSON it answers 415; malformed JSON answers 400; no stack traces', async () => {
    const text = await request(app)
      .post('/api/anything')
      .set('Content-Type', 'text/plain')
      .send('hello');
    expect(text.status).toBe(415);
    const broken = await request(app)
      .post('/api/anything')
      .set('Content-Type', 'application/json')
      .send('{"a":');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({
      message: 'The request body is not valid JSON',
      code: 'validation_failed',
    });
    expect(JSON.stringify(broken.body)).not.toMatch(/at .*\.ts/);
  });

  it('when a route declared another body type it takes that type there only, and 415 elsewhere', async () => {
    const form = (path: string) =>
      request(app)
        .post(path)
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .send('List-Unsubscribe=One-Click');
    expect((await form('/api/form')).status).toBe(200);
    expect((await form('/api/anything')).status).toBe(415);
    const text = await request(app)
      .post('/api/form')
      .set('Content-Type', 'text/plain')
      .send('hello');
    expect(text.status).toBe(415);
  });

  it('when a body is too large it answers 413', async () => {
    const res = await request(app)
      .post('/api/anything')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ content: 'x'.repeat(64 * 1024) }));
    expect(res.status).toBe(413);
    expect(parseBody(res, errorBodySchema).code).toBe('payload_too_large');
  });

  it('when requests are logged their lines carry no cookies, query strings or bodies', async () => {
    await request(app)
      .post('/api/anything?token=secret-token')
      .set('Cookie', 'sid=secret-cookie')
      .send({ password: 'secret-password' });
    const all = logs.lines.join('\n');
    expect(all).toContain('/api/anything');
    expect(all).not.toContain('secret-token');
    expect(all).not.toContain('secret-cookie');
    expect(all).not.toContain('secret-password');
  });
});
