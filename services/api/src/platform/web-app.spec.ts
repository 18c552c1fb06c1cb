import express from 'express';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PAGE_NOT_FOUND } from './page-meta';
import { webApp } from './web-app';

const SCRIPT = 'console.log("who is right?");\n'.repeat(50);

function writeBuild(dir: string, scriptName: string) {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><title>x</title></head><body><script src="/assets/${scriptName}"></script></body></html>`,
  );
  writeFileSync(join(dir, 'app-routes.json'), JSON.stringify(['/', '/login', '/story/$id']));
  const script = join(dir, 'assets', scriptName);
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
}

function serve(dist: string) {
  const app = express();
  app.use(
    webApp(dist, {
      publicUrl: 'http://localhost:3000',
      meta: (path) => Promise.resolve(path === '/story/missing' ? PAGE_NOT_FOUND : null),
    }),
  );
  return app;
}

function freshDist() {
  const dist = join(mkdtempSync(join(tmpdir(), 'wr-web-')), 'dist');
  writeBuild(dist, 'index-aaa.js');
  return dist;
}

describe('the web app', () => {
  it('when the browser accepts brotli a script is sent as its brotli copy, with Vary', async () => {
    const app = serve(freshDist());
    const res = await request(app)
      .get('/assets/index-aaa.js')
      .set('Accept-Encoding', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-length']).toBe(String(brotliCompressSync(SCRIPT).length));
    expect(res.text).toBe(SCRIPT);
  });

  it('when the browser accepts only gzip it gets the gzip copy; with neither the plain file', async () => {
    const app = serve(freshDist());
    const gz = await request(app).get('/assets/index-aaa.js').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(SCRIPT);
    const plain = await request(app).get('/assets/index-aaa.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    expect(plain.text).toBe(SCRIPT);
  });

  it('when a hashed asset does not exist it answers 404, never the page', async () => {
    const res = await request(serve(freshDist()))
      .get('/assets/index-gone.js')
      .set('Accept-Encoding', 'br');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).not.toContain('<html');
  });

  it("when a path is not one of the app's routes the page answers 404; its routes 200", async () => {
    const app = serve(freshDist());
    for (const path of ['/', '/login', '/story/story_01', '/login/']) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(200);
      expect(res.text).toContain('<script src="/assets/index-aaa.js">');
    }
    for (const path of ['/nope', '/story', '/story/a/b', '/login/more']) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('when a story does not exist its page answers 404', async () => {
    const res = await request(serve(freshDist())).get('/story/missing');
    expect(res.status).toBe(404);
    expect(res.text).toContain('<script src="/assets/index-aaa.js">');
  });

  it('when robots.txt is asked it is the real file', async () => {
    const res = await request(serve(freshDist())).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe('User-agent: *\nAllow: /\n');
  });

  it('when a new build is swapped in while serving, the page names the new build', async () => {
    const dist = freshDist();
    const app = serve(dist);
    expect((await request(app).get('/')).text).toContain('index-aaa.js');
    const next = `${dist}.next`;
    writeBuild(next, 'index-bbb.js');
    renameSync(dist, `${dist}.old`);
    renameSync(next, dist);
    rmSync(`${dist}.old`, { recursive: true });
    expect((await request(app).get('/')).text).toContain('index-bbb.js');
    expect((await request(app).get('/assets/index-bbb.js')).status).toBe(200);
  });
});
