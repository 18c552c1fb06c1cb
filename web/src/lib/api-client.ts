/**
 * The one way the web app talks to the API: sends the session cookie, a JSON content type only with
 * a body, and turns any non-2xx response into an ApiError whose message is
 * `<status>: <response text or status text>`, with the status and the error body's `code` beside
 * it: what a failure is, is read from those two, never from the text. Every call first passes the
 * client rate limiter; every write carries an Idempotency-Key (see idempotency-keys.ts).
 */
import type { z } from 'zod';
import type { ErrorCode } from '@whosright/contracts/shared/errors';

import type * as ResponseSchemasModule from '#web/lib/response-schemas.ts';
import type { Shape } from '#web/lib/shape.ts';
import {
  RateLimitError,
  rateLimitGroup,
  clientRateLimiter,
  type ClientRateLimiter,
} from '#web/lib/client-rate-limiter.ts';
import { createIdempotencyKeys, settles, type IdempotencyKeys } from '#web/lib/idempotency-keys.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The fields of a JSON error body `{message, code, issues?}` that are there, as sent. */
interface ErrorBodyFields {
  message?: string;
  code?: ErrorCode;
  issues?: string[];
}

function errorBodyOf(responseText: string): ErrorBodyFields {
  let body: unknown;
  try {
    body = JSON.parse(responseText);
  } catch {
    return {};
  }
  if (!body || typeof body !== 'object') return {};
  const { message, code, issues } = body as Record<string, unknown>;
  return {
    ...(typeof message === 'string' && message ? { message } : {}),
    ...(typeof code === 'string' && code ? { code: code as ErrorCode } : {}),
    ...(Array.isArray(issues)
      ? {
          issues: issues.flatMap((issue: unknown) => {
            const text = (issue as { message?: unknown } | null)?.message;
            return typeof text === 'string' && text ? [text] : [];
          }),
        }
      : {}),
  };
}

export class ApiError extends Error {
  /** The error body's `code` (`unauthorized`, `already_voted`, ...), when the server sent one. */
  readonly code: ErrorCode | undefined;
  /** The `message` of a JSON error body, when the server sent one. */
  readonly serverMessage: string | undefined;
  /** The messages of the body's validation issues, in order (empty without any). */
  readonly issues: readonly string[];

  constructor(
    readonly status: number,
    /** The raw response text (often the JSON error body). */
    readonly responseText: string,
    statusText: string,
    /** How long the server asked to wait (its Retry-After, in seconds, made milliseconds). */
    readonly retryAfterMs?: number,
  ) {
    super(`${status}: ${responseText || statusText}`);
    this.name = 'ApiError';
    const body = errorBodyOf(responseText);
    this.code = body.code;
    this.serverMessage = body.message;
    this.issues = body.issues ?? [];
  }
}

/** The response schemas, loaded on first use (lib/response-schemas.ts keeps zod out of the first load). */
export type ResponseSchemas = typeof ResponseSchemasModule;

export interface ApiRequestOptions<T> {
  body?: unknown;
  signal?: AbortSignal;
  /** Picks the schema that parses the response at the edge; without it the JSON is returned as is. */
  schema?: (schemas: ResponseSchemas) => z.ZodType<T>;
  /**
   * Checks the response with a small shape instead (lib/shape.ts): the screens a reader opens
   * first use these, so their first data render does not wait for the schemas' chunk.
   */
  shape?: Shape<T>;
  /** Sees a successful response's headers (e.g. the Link of a paged list). */
  onHeaders?: (headers: Headers) => void;
}

const loadSchemas = () => import('#web/lib/response-schemas.ts');

/** A Retry-After given in seconds, in milliseconds; undefined without one (or as a date). */
function retryAfterMsOf(headers: Headers): number | undefined {
  const seconds = Number(headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

export interface ApiClientDeps {
  fetch?: typeof fetch;
  limiter?: ClientRateLimiter;
  idempotencyKeys?: IdempotencyKeys;
}

/** JSON's content type only with a body; a write's Idempotency-Key; no headers otherwise. */
function requestHeaders(hasBody: boolean, key: string | undefined): HeadersInit | undefined {
  if (!hasBody && !key) return undefined;
  return {
    ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
    ...(key ? { 'Idempotency-Key': key } : {}),
  };
}

/** A successful response's data: none, its text, or its JSON checked by the shape or schema. */
async function dataOf<T>(
  response: Response,
  options: ApiRequestOptions<T>,
  schemas: Promise<ResponseSchemas> | null,
): Promise<T> {
  options.onHeaders?.(response.headers);
  const text = response.status === 204 ? '' : await response.text();
  if (!text) return undefined as T;
  const contentType = response.headers.get('content-type') ?? '';
  const data: unknown = contentType.includes('json') ? JSON.parse(text) : text;
  if (options.shape) return options.shape(data);
  if (!options.schema || !schemas) return data as T;
  return options.schema(await schemas).parse(data);
}

export function createApiRequest(deps: ApiClientDeps = {}) {
  const limiter = deps.limiter ?? clientRateLimiter;
  const doFetch: typeof fetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const keys = deps.idempotencyKeys ?? createIdempotencyKeys();

  /**
   * Sends the request and answers its successful response, or throws an ApiError. A write's key
   * ends with the answer: settled, or free to be sent again (no answer, or one worth retrying).
   */
  async function send(
    method: HttpMethod,
    url: string,
    { body, signal }: { body: string | undefined; signal: AbortSignal | undefined },
    { hasBody, key }: { hasBody: boolean; key: string | undefined },
  ): Promise<Response> {
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        credentials: 'include',
        headers: requestHeaders(hasBody, key),
        body,
        signal,
      });
    } catch (error) {
      if (key) keys.ended(method, url, key, false);
      throw error;
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      const error = new ApiError(
        response.status,
        text,
        response.statusText,
        retryAfterMsOf(response.headers),
      );
      if (key) keys.ended(method, url, key, settles(error.status, error.code));
      throw error;
    }
    if (key) keys.ended(method, url, key, true);
    return response;
  }

  return async function apiRequest<T = unknown>(
    method: HttpMethod,
    url: string,
    options: ApiRequestOptions<T> = {},
  ): Promise<T> {
    await limiter.acquire(rateLimitGroup(method, url));
    // Loads beside the request, so parsing rarely waits for it.
    const schemas = options.schema ? loadSchemas() : null;
    const hasBody = options.body !== undefined;
    const body = hasBody ? JSON.stringify(options.body) : undefined;
    // Every write carries its action's key: a repeated action is answered, not written twice.
    const key = method === 'GET' ? undefined : keys.keyFor(method, url, body);
    const response = await send(method, url, { body, signal: options.signal }, { hasBody, key });
    return dataOf(response, options, schemas);
  };
}

export const apiRequest = createApiRequest();

/** The server's answer `code` to a call, when it failed with one. */
export function errorCode(error: unknown): ErrorCode | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/** An unauthorized error: the server answered 401 `unauthorized` (no session, or it ended). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code === 'unauthorized';
}

/** A rate-limited call, never retried: refused with 429 by the client limiter or the server. */
export function isRateLimited(error: unknown): boolean {
  return (error instanceof ApiError || error instanceof RateLimitError) && error.status === 429;
}
