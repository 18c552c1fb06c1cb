import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { ApiError, createApiRequest, isRateLimited, isUnauthorized } from '#web/lib/api-client.ts';
import { createClientRateLimiter, RateLimitError } from '#web/lib/client-rate-limiter.ts';

function setup(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(response));
  const limiter = createClientRateLimiter({ minIntervalMs: 0 });
  return { fetchMock, apiRequest: createApiRequest({ fetch: fetchMock, limiter }) };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('apiRequest', () => {
  it('when there is no body it sends cookies and no content type', async () => {
    const { fetchMock, apiRequest } = setup(json({ ok: true }));
    await expect(apiRequest('GET', '/api/config')).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/config');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include', body: undefined });
    expect(init?.headers).toBeUndefined();
  });

  it('when there is a body it sends it as JSON with a JSON content type', async () => {
    const { fetchMock, apiRequest } = setup(json({ id: 'story_1' }, 201));
    await apiRequest('POST', '/api/stories', { body: { content: 'x', category: 'other' } });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.headers).toEqual({
      'Content-Type': 'application/json',
      'Idempotency-Key': expect.stringMatching(/^[0-9a-f]{32}$/) as unknown,
    });
    expect(init.body).toBe('{"content":"x","category":"other"}');
    expect(init.credentials).toBe('include');
  });

  it('when the response is not 2xx it throws "<status>: <response text>"', async () => {
    const { apiRequest } = setup(json({ message: 'Unauthorized', code: 'unauthorized' }, 401));
    const error = await apiRequest('GET', '/api/auth/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(
      '401: {"message":"Unauthorized","code":"unauthorized"}',
    );
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).serverMessage).toBe('Unauthorized');
    expect(isUnauthorized(error)).toBe(true);
  });

  it('when the error response is empty it uses the status text', async () => {
    const { apiRequest } = setup(
      new Response(null, { status: 503, statusText: 'Service Unavailable' }),
    );
    await expect(apiRequest('GET', '/api/health')).rejects.toThrow('503: Service Unavailable');
  });

  it('when the answer is 204 it resolves to undefined', async () => {
    const { apiRequest } = setup(new Response(null, { status: 204 }));
    await expect(apiRequest('DELETE', '/api/stories/story_1')).resolves.toBeUndefined();
  });

  it('when a schema is given it parses the response at the edge', async () => {
    const { apiRequest } = setup(json({ id: 'story_1', extra: 1 }));
    const schema = () => z.object({ id: z.string() });
    await expect(apiRequest('GET', '/api/stories/story_1', { schema })).resolves.toEqual({
      id: 'story_1',
    });
  });

  it('when the client rate limit is hit it fails before calling the server', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(json({})));
    const limiter = createClientRateLimiter({ minIntervalMs: 0, maxRequestsPerWindow: 1 });
    const apiRequest = createApiRequest({ fetch: fetchMock, limiter });
    await apiRequest('GET', '/api/config');
    await expect(apiRequest('GET', '/api/config')).rejects.toThrow(
      '429: Rate limit exceeded. Please wait a moment before trying again.',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('Idempotency-Key', () => {
  /** A fetch that answers each call with the next response (a thrown error is a network failure). */
  function answering(...answers: Array<Response | Error>) {
    const fetchMock = vi.fn<typeof fetch>(() => {
      const next = answers.shift()!;
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    });
    const limiter = createClientRateLimiter({ minIntervalMs: 0 });
    const apiRequest = createApiRequest({ fetch: fetchMock, limiter });
    const keyOf = (call: number) =>
      (fetchMock.mock.calls[call]![1]!.headers as Record<string, string> | undefined)?.[
        'Idempotency-Key'
      ];
    return { apiRequest, keyOf };
  }
  const saved = () =>
    json({ message: 'Saved, but it is taking longer than usual to show.', code: 'not_ready' }, 503);
  const post = (
    apiRequest: ReturnType<typeof createApiRequest>,
    content = 'He should have asked first.',
  ) =>
    apiRequest('POST', '/api/stories/story_1/comments', { body: { content } }).catch(
      (e: unknown) => e,
    );

  it('when a write is repeated after a 503 it sends the same key, so the server answers the first result', async () => {
    const { apiRequest, keyOf } = answering(saved(), json({ id: 'comment_1' }, 201));
    expect(await post(apiRequest)).toBeInstanceOf(ApiError);
    await expect(post(apiRequest)).resolves.toEqual({ id: 'comment_1' });
    expect(keyOf(0)).toBeDefined();
    expect(keyOf(1)).toBe(keyOf(0));
  });

  it('when a write is repeated after a network failure it sends the same key', async () => {
    const { apiRequest, keyOf } = answering(new TypeError('Failed to fetch'), json({}, 201));
    expect(await post(apiRequest)).toBeInstanceOf(TypeError);
    await post(apiRequest);
    expect(keyOf(1)).toBe(keyOf(0));
  });

  it('when a write succeeded the same write again is a new action with a new key', async () => {
    const { apiRequest, keyOf } = answering(json({}, 201), json({}, 201));
    await post(apiRequest);
    await post(apiRequest);
    expect(keyOf(1)).not.toBe(keyOf(0));
  });

  it('when the write changes after a failure it gets a new key, and the old one is not reused later', async () => {
    const { apiRequest, keyOf } = answering(saved(), json({}, 201), json({}, 201));
    await post(apiRequest, 'First words.');
    await post(apiRequest, 'Other words.');
    await post(apiRequest, 'First words.');
    expect(new Set([keyOf(0), keyOf(1), keyOf(2)]).size).toBe(3);
  });

  it('when a write is refused with a 4xx the next attempt is a new action', async () => {
    const refused = json({ message: 'Comment not found', code: 'not_found' }, 404);
    const { apiRequest, keyOf } = answering(refused, json({}, 201));
    await post(apiRequest);
    await post(apiRequest);
    expect(keyOf(1)).not.toBe(keyOf(0));
  });

  it('when the server is still running the first attempt the next attempt reuses the key', async () => {
    const running = json(
      {
        message: 'A request with this Idempotency-Key is still in progress.',
        code: 'idempotency_in_progress',
      },
      409,
    );
    const { apiRequest, keyOf } = answering(running, json({}, 201));
    await post(apiRequest);
    await post(apiRequest);
    expect(keyOf(1)).toBe(keyOf(0));
  });

  it('when a read is sent it carries no key', async () => {
    const { apiRequest, keyOf } = answering(json({}));
    await apiRequest('GET', '/api/stories/story_1');
    expect(keyOf(0)).toBeUndefined();
  });
});

const failed = (status: number, body: unknown) =>
  new ApiError(status, typeof body === 'string' ? body : JSON.stringify(body), 'Error');

describe('ApiError', () => {
  it('when the server sent an error body it keeps its status, code, message and issues', () => {
    const error = failed(400, {
      message: 'Invalid request',
      code: 'validation_failed',
      issues: [{ path: 'content', message: 'Too long' }],
    });
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation_failed');
    expect(error.serverMessage).toBe('Invalid request');
    expect(error.issues).toEqual(['Too long']);
  });

  it('when the answer is not a JSON error body it has no code and keeps the text in its message', () => {
    const error = failed(502, '<html>Bad Gateway</html>');
    expect(error.code).toBeUndefined();
    expect(error.serverMessage).toBeUndefined();
    expect(error.issues).toEqual([]);
    expect(error.message).toBe('502: <html>Bad Gateway</html>');
  });
});

describe('isUnauthorized', () => {
  it.each([
    ['401 unauthorized', failed(401, { message: 'Unauthorized', code: 'unauthorized' }), true],
    [
      '401 unauthorized in other words',
      failed(401, { message: 'Session over', code: 'unauthorized' }),
      true,
    ],
    [
      '403 whose text says Unauthorized',
      failed(403, { message: 'Unauthorized', code: 'forbidden' }),
      false,
    ],
    ['401 without a code', failed(401, 'Unauthorized'), false],
    ['an error whose text looks like a 401', new Error('401: Unauthorized'), false],
  ])('when the failure is %s it answers %s', (_what, error, expected) => {
    expect(isUnauthorized(error)).toBe(expected);
  });
});

describe('isRateLimited', () => {
  it.each([
    ['the server answered 429', failed(429, { message: 'Slow down', code: 'rate_limited' }), true],
    ['the client limiter refused the call', new RateLimitError(), true],
    [
      'a 400 whose text mentions a rate limit',
      failed(400, { message: 'Rate limit 429 is too low', code: 'validation_failed' }),
      false,
    ],
    ['an error whose text looks like a 429', new Error('429: Too Many Requests'), false],
    ['a 500', failed(500, { message: 'Internal error', code: 'internal' }), false],
  ])('when %s it answers %s', (_what, error, expected) => {
    expect(isRateLimited(error)).toBe(expected);
  });
});
