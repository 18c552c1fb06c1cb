import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useLeanJson } from './json-response';

function appWith(lean: boolean) {
  const app = express();
  app.set('etag', false);
  if (lean) useLeanJson(app);
  app.get('/card', (_req, res) => {
    res.json({ id: 'story_1', content: 'Wer hat recht? ½ – ja', votes: [1, 2] });
  });
  app.get('/typed', (_req, res) => {
    res.type('application/problem+json').json({ title: 'x' });
  });
  app.get('/nothing', (_req, res) => {
    res.json(undefined);
  });
  return app;
}

describe('the lean res.json', () => {
  it('when a route answers JSON the status, headers and body are what Express would send', async () => {
    for (const path of ['/card', '/typed', '/nothing']) {
      const [lean, plain] = await Promise.all([
        request(appWith(true)).get(path),
        request(appWith(false)).get(path),
      ]);
      expect(lean.status).toBe(plain.status);
      expect(lean.text).toBe(plain.text);
      for (const header of ['content-type', 'content-length'])
        expect(lean.headers[header]).toBe(plain.headers[header]);
    }
  });

  it('when asked with HEAD it sends the headers without the body', async () => {
    const res = await request(appWith(true)).head('/card');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    expect(res.text).toBeUndefined();
  });
});
