import helmet from 'helmet';
import type { Request, RequestHandler } from 'express';
import { ForbiddenError, UnsupportedMediaTypeError } from './errors';
import { isPlainJsonType } from './json-body';

const ANALYTICS_ORIGINS = [
  'https://www.googletagmanager.com',
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

/** Features the app never uses, denied to it and to anything it embeds. */
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
].join(', ');

export interface SecurityOptions {
  https: boolean;
  /** The analytics hosts are named in the CSP only when analytics is configured. */
  analytics: boolean;
}

/**
 * Security headers. The built app has no inline script, so scripts come from 'self' (plus the
 * analytics tag, loaded only when an analytics id is configured and consent is given).
 * Inline styles stay allowed: Radix positions popovers with style attributes.
 */
export function securityHeaders(options: SecurityOptions): RequestHandler {
  const helmetHeaders = precomputed(helmetFor(options));
  return (req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    helmetHeaders(req, res, next);
  };
}

function helmetFor(options: SecurityOptions) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'none'"],
        'script-src': [
          "'self'",
          ...(options.analytics ? ['https://www.googletagmanager.com'] : []),
        ],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'connect-src': ["'self'", ...(options.analytics ? ANALYTICS_ORIGINS : [])],
        'font-src': ["'self'", 'data:'],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'upgrade-insecure-requests': options.https ? [] : null,
      },
    },
    strictTransportSecurity: options.https,
    crossOriginEmbedderPolicy: false,
    // frame-ancestors says it for every browser that reads CSP.
    xFrameOptions: false,
  });
}

/**
 * helmet's headers do not depend on the request: run it once against a recording response and
 * set what it chose on every response in one pass, instead of a dozen middleware calls.
 */
function precomputed(middleware: ReturnType<typeof helmet>): RequestHandler {
  const headers: Array<[string, string]> = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      headers.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
  };
  middleware({} as never, recorder as never, () => undefined);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser marks as cross-site (Sec-Fetch-Site) or whose
 * Origin is not this site. Requests without either header (curl, server-to-server) pass: they
 * carry no ambient browser cookies an attacker could ride on.
 */
export function crossSiteProtection(allowedOrigins: string[]): RequestHandler {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin));
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.headers['sec-fetch-site'];
    if (site === 'cross-site')
      return next(new ForbiddenError('Cross-site requests are not allowed'));
    const origin = req.headers.origin;
    if (origin && origin !== 'null') {
      const own = `${req.protocol}://${req.headers.host ?? ''}`;
      if (!allowed.has(origin) && origin !== own)
        return next(new ForbiddenError('Cross-site requests are not allowed'));
    } else if (origin === 'null') {
      return next(new ForbiddenError('Cross-site requests are not allowed'));
    }
    next();
  };
}

/** A route that takes a body besides JSON: its path on the /api router and the media types. */
export interface OtherBodyTypes {
  path: string;
  types: readonly string[];
}

/**
 * JSON endpoints take JSON only: a body of another type gets 415 and changes nothing, unless its
 * route declared that type (`others`).
 */
export function jsonBodiesOnly(others: readonly OtherBodyTypes[] = []): RequestHandler {
  const declared = new Map(others.map(({ path, types }) => [path, [...types]]));
  const declaredType = (req: Request) => {
    const types = declared.get(req.path);
    return types !== undefined && typeof req.is(types) === 'string';
  };
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const length = req.headers['content-length'];
    const hasBody =
      (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
    if (hasBody && !isPlainJsonType(req) && !req.is('application/json') && !declaredType(req))
      return next(new UnsupportedMediaTypeError());
    next();
  };
}
