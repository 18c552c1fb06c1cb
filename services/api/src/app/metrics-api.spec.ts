import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@whosright/testing/free-port';
import { startTestServer, type TestServer } from './test-server';

const TOKEN = 'metrics-spec-token-0123456789';

describe('GET /metrics', () => {
  let server: TestServer;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    server = await startTestServer({ METRICS_TOKEN: TOKEN, METRICS_PORT: String(metricsPort) });
  });
  afterAll(() => server.stop());

  it('when asked without the token on the main port it answers 401 and shows nothing', async () => {
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('Bearer');
    expect(await res.text()).not.toContain('http_request_duration_seconds');
    const wrong = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.status).toBe(401);
  });

  it('when scraped with the token it serves latencies by route pattern, appends, projections and jobs', async () => {
    const agent = server.agent();
    await agent
      .post('/api/auth/register')
      .send({ email: 'metrics@example.com', password: 'a good password', firstName: 'Mia' })
      .expect(201);
    await agent.get('/api/stories/story_00000000000000000000000000/comments').expect(404);
    const res = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    const text = await res.text();
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{role="all",method="POST",route="\/api\/auth\/register",status_code="201"\} 1$/m,
    );
    // The pattern, never the id: one series per route, not one per story.
    expect(text).toContain('route="/api/stories/:id/comments"');
    expect(text).not.toContain('story_00000000000000000000000000');
    expect(text).toMatch(
      /^whosright_events_appended_total\{type="UserRegistered",role="all"\} 1$/m,
    );
    expect(text).toMatch(/^whosright_projection_position\{projection="users",role="all"\} [1-9]/m);
    expect(text).toMatch(/^whosright_projection_lag_seconds\{projection="stories",role="all"\} /m);
    expect(text).toMatch(/^whosright_projection_lease_held\{projection="users",role="all"\} 1$/m);
    expect(text).toMatch(/^whosright_event_store_head_position\{role="all"\} [1-9]/m);
    expect(text).toMatch(/^whosright_jobs\{state="failed",role="all"\} 0$/m);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('when METRICS_PORT is set that listener serves the metrics without a token and nothing else', async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('whosright_projection_position');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/health`)).status).toBe(404);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('when no token is configured the main port does not serve the metrics', async () => {
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('process_cpu');
  });
});
