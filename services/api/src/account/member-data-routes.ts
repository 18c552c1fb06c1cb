import type { Router } from 'express';
import {
  deleteAccountRequestSchema,
  exportFileName,
} from '@whosright/contracts/account/member-data-dto';
import { SIGNED_IN_HINT_COOKIE } from '@whosright/contracts/shared/constants';
import type { ForgettingLog } from '@whosright/eventstore/port';
import type { MemberStreamQueries } from '@whosright/projections/member-streams/queries';
import { actorOf, currentUser } from '#api/platform/auth';
import { rateLimitPolicies } from '#api/platform/rate-limit/policies';
import { byAccount, rateLimit } from '#api/platform/rate-limit/rate-limit-middleware';
import type { RateLimiter } from '#api/platform/rate-limit/rate-limiter';
import { sessionCookieName } from '#api/platform/session-tokens';
import { toCurrentUser } from './current-user';
import type { AccountDeletion } from './delete-account';
import { memberEvents } from './member-events';
import { buildMemberExport } from './member-export';

export interface MemberDataRoutesDeps {
  deletion: AccountDeletion;
  /** The log as read models read it: deleted members' personal fields forgotten. */
  log: ForgettingLog;
  /** Which streams hold events naming a member. */
  memberStreams: Pick<MemberStreamQueries, 'streamsOf'>;
  /** Resolves once the member-streams read model has caught up with the log. */
  settleMemberStreams: () => Promise<void>;
  limiter: RateLimiter;
  publicUrl: string;
  now?: () => Date;
}

/** A member's own data, banned or not: the export of what the log holds about them, and deletion. */
export function memberDataRoutes(router: Router, deps: MemberDataRoutesDeps): void {
  const now = deps.now ?? (() => new Date());
  const secure = deps.publicUrl.startsWith('https:');

  router.get(
    '/users/me/export',
    rateLimit(deps.limiter, rateLimitPolicies.memberExportPerAccount, byAccount),
    async (req, res) => {
      const user = currentUser(req);
      // Everything the member did before asking is in the export: the index has seen it.
      await deps.settleMemberStreams();
      const events = await memberEvents({ log: deps.log, streams: deps.memberStreams }, user._id);
      const at = now();
      const body = buildMemberExport(toCurrentUser(user), events, at);
      res.setHeader('Content-Disposition', `attachment; filename="${exportFileName(at)}"`);
      res.setHeader('Cache-Control', 'no-store');
      res.json(body);
    },
  );

  router.post(
    '/users/me/delete-request',
    rateLimit(deps.limiter, rateLimitPolicies.deletionLinkPerAccount, byAccount),
    async (req, res) => {
      // Banned members too: a ban stops them writing, not taking their data and leaving.
      const user = currentUser(req);
      await deps.deletion.requestLink(user._id, actorOf(req));
      res.status(202).json({ sent: true });
    },
  );

  router.post(
    '/users/me/delete',
    rateLimit(deps.limiter, rateLimitPolicies.deleteAccountPerAccount, byAccount),
    async (req, res) => {
      const user = currentUser(req);
      const body = deleteAccountRequestSchema.parse(req.body);
      await deps.deletion.delete(user._id, body, actorOf(req));
      res.clearCookie(sessionCookieName(deps.publicUrl), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
      });
      res.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/', sameSite: 'lax', secure });
      res.json({ deleted: true });
    },
  );
}
