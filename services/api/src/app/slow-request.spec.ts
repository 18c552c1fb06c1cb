import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server';

/** A client that sends its request slowly (slowloris) must not hold a socket. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { requestTimeoutMs: 1_000 });
});
afterAll(async () => {
  await server.stop();
});

/** Sends `head` and then one byte every 300 ms until the server closes; answers what it sent. */
function trickle(head: string): Promise<{ response: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(head));
    let response = '';
    const drip = setInterval(() => socket.write('a'), 300);
    socket.on('data', (chunk) => (response += String(chunk)));
    socket.on('close', () => {
      clearInterval(drip);
      resolve({ response });
    });
    socket.on('error', () => undefined);
  });
}

describe('slow requests', () => {
  it('when a body trickles in it is cut off with 408 once the request time is up', async () => {
    const { response } = await trickle(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
    );
    // The server gave up long before the 100,000 bytes it announced (one byte every 300 ms).
    expect(response).toMatch(/^HTTP\/1\.1 408/);
  });

  it('when headers trickle in the connection is cut off too', async () => {
    const { response } = await trickle('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    expect(response).toMatch(/^HTTP\/1\.1 408/);
  });
});
