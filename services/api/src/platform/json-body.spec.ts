import express from 'express';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler';
import { jsonBodyParser } from './json-body';

function listen(parser: express.RequestHandler): Promise<Server> {
  const app = express();
  app.post('/echo', parser, (req, res) => {
    res.json({ body: (req as { body?: unknown }).body ?? null });
  });
  app.use(errorHandler);
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
}

const utf8 = (text: string) => Buffer.from(text);
const cases: Array<[string, Buffer, string | undefined]> = [
  ['an object', utf8('{"vote":"he"}'), 'application/json'],
  ['an array with a charset', utf8('[1, 2]'), 'application/json; charset=utf-8'],
  ['upper-case type and charset', utf8('{"a":"é – ½"}'), 'Application/JSON; Charset=UTF-8'],
  ['leading whitespace', utf8('\n\t {"a":1}'), 'application/json'],
  [
    'a byte order mark',
    Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('{"a":1}')]),
    'application/json',
  ],
  ['an empty body', utf8(''), 'application/json'],
  ['only whitespace', utf8('   '), 'application/json'],
  ['a bare string', utf8('"he"'), 'application/json'],
  ['a number', utf8('42'), 'application/json'],
  ['broken JSON', utf8('{"vote":'), 'application/json'],
  [
    'invalid UTF-8',
    Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]),
    'application/json',
  ],
  ['too large', utf8(`{"a":"${'x'.repeat(100)}"}`), 'application/json'],
  ['another charset', utf8('{"a":1}'), 'application/json; charset=latin1'],
  ['a JSON subtype', utf8('{"a":1}'), 'application/merge-patch+json'],
  ['no type', utf8('{"a":1}'), undefined],
];

describe('the JSON body parser', () => {
  let lean: Server;
  let plain: Server;
  beforeAll(async () => {
    lean = await listen(jsonBodyParser(64));
    plain = await listen(express.json({ limit: 64, strict: true }));
  });
  afterAll(() => {
    lean.close();
    plain.close();
  });

  /** The bytes as given, with their Content-Length (an empty body too). */
  const post = (server: Server, body: Buffer, type: string | undefined) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const headers = {
        'content-length': String(body.length),
        ...(type ? { 'content-type': type } : {}),
      };
      const req = request(
        {
          port: (server.address() as AddressInfo).port,
          host: '127.0.0.1',
          path: '/echo',
          method: 'POST',
          headers,
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode!, body: JSON.parse(text) as unknown }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  it.each(cases)(
    'when the body is %s it answers exactly what express.json answers',
    async (_name, body, type) => {
      expect(await post(lean, body, type)).toEqual(await post(plain, body, type));
    },
  );

  it('when the body arrives in pieces it is put together before parsing', async () => {
    const big = await listen(jsonBodyParser(32 * 1024));
    const text = JSON.stringify({ text: 'ü'.repeat(5000) });
    try {
      expect(await post(big, utf8(text), 'application/json')).toEqual({
        status: 200,
        body: { body: JSON.parse(text) as unknown },
      });
    } finally {
      big.close();
    }
  });
});
