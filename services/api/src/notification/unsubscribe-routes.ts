import type { Router } from 'express';
import {
  unsubscribeRequestSchema,
  type UnsubscribeResponse,
} from '@whosright/contracts/notification/settings';
import { actorOf } from '#api/platform/auth';
import type { OtherBodyTypes } from '#api/platform/security';
import { unsubscribe, type UnsubscribeDeps } from './unsubscribe';

/**
 * The digest's unsubscribe, for anyone holding the link: the landing page posts the token as
 * JSON; a mail client's one-click POST (RFC 8058) sends it in the query of the header's URL.
 * Only a POST changes anything: mail scanners open links.
 */
const UNSUBSCRIBE_PATH = '/notifications/unsubscribe';

/** RFC 8058's one-click POST is form-encoded (`List-Unsubscribe=One-Click`); its body is not read. */
export const UNSUBSCRIBE_BODY_TYPES: OtherBodyTypes = {
  path: UNSUBSCRIBE_PATH,
  types: ['application/x-www-form-urlencoded'],
};

export function unsubscribeRoutes(router: Router, deps: UnsubscribeDeps): void {
  router.post(UNSUBSCRIBE_PATH, async (req, res) => {
    const body: unknown = req.body;
    const fromBody =
      typeof body === 'object' && body !== null && 'token' in body ? body.token : undefined;
    const { token } = unsubscribeRequestSchema.parse({ token: fromBody ?? req.query.token });
    await unsubscribe(deps, token, actorOf(req));
    const answer: UnsubscribeResponse = { digest: false };
    res.json(answer);
  });
}
