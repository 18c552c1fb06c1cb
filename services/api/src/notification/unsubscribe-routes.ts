import type { Router } from 'express';
import {
  unsubscribeRequestSchema,
  type UnsubscribeResponse,
} from '@whosright/contracts/notification/settings';
import { actorOf } from '#api/platform/auth';
import { unsubscribe, type UnsubscribeDeps } from './unsubscribe';

/**
 * The digest's unsubscribe, for anyone holding the link: the landing page posts the token as
 * JSON; a mail client's one-click POST (RFC 8058) sends it in the query of the header's URL.
 * Only a POST changes anything: mail scanners open links.
 */
export function unsubscribeRoutes(router: Router, deps: UnsubscribeDeps): void {
  router.post('/notifications/unsubscribe', async (req, res) => {
    const body: unknown = req.body;
    const fromBody =
      typeof body === 'object' && body !== null && 'token' in body ? body.token : undefined;
    const { token } = unsubscribeRequestSchema.parse({ token: fromBody ?? req.query.token });
    await unsubscribe(deps, token, actorOf(req));
    const answer: UnsubscribeResponse = { digest: false };
    res.json(answer);
  });
}
