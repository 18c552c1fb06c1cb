import type { Request } from 'express';

/**
 * Whether the browser marks this request as a person opening a page of this very site: a
 * top-level navigation (Sec-Fetch-Mode `navigate`, Sec-Fetch-Dest `document`) from one of its
 * pages or typed in the address bar (Sec-Fetch-Site `same-origin` or `none`). An image, a frame,
 * a script's fetch or a link on another site is not, and neither is a request without these
 * headers: nothing can tell it from an image.
 */
export function isOwnPageNavigation(req: Request): boolean {
  const site = req.headers['sec-fetch-site'];
  return (site === 'same-origin' || site === 'none') && isTopLevelNavigation(req);
}

/** Whether the request opens a page in the window (from this site or another), not a resource. */
export function isTopLevelNavigation(req: Request): boolean {
  return (
    req.headers['sec-fetch-mode'] === 'navigate' && req.headers['sec-fetch-dest'] === 'document'
  );
}
