import type { Express, Response } from 'express';

/**
 * `res.json` for this app without Express's generic `send`: it would look up three settings,
 * parse and re-format the Content-Type it just set, and check freshness for a 304 that cannot
 * happen (API answers carry no ETag or Last-Modified). The answer is the same: the body, its
 * Content-Length and `application/json; charset=utf-8`. Anything unusual (a Content-Type set
 * by the route, a body JSON cannot express, a 204 or 304, JSON settings on the app) takes
 * Express's own path.
 */
export function useLeanJson(app: Express): void {
  const expressJson = app.response.json;
  if (
    ['json replacer', 'json spaces', 'json escape'].some(
      (setting) => app.get(setting) !== undefined,
    )
  )
    return;
  app.response.json = function json(this: Response, body: unknown): Response {
    const usual =
      this.getHeader('Content-Type') === undefined &&
      this.statusCode !== 204 &&
      this.statusCode !== 304;
    const text = usual ? JSON.stringify(body) : undefined;
    if (text === undefined) return expressJson.call(this, body);
    this.setHeader('Content-Type', 'application/json; charset=utf-8');
    this.setHeader('Content-Length', Buffer.byteLength(text));
    this.end(text);
    return this;
  };
}
