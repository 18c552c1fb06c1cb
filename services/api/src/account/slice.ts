import { MEMBER_STREAMS } from '@whosright/projections/member-streams/docs';
import { SYSTEM_ACTOR } from '#api/platform/actor';
import { createOidcClient } from '#api/platform/oidc/oidc-client';
import { defineSlice } from '#api/wiring/slice';
import { accountUseCases, type AccountUseCases } from './account-use-cases';
import { adminRoutes } from './admin-routes';
import { AccountDeletion } from './delete-account';
import { memberDataRoutes } from './member-data-routes';
import { OidcTransactionCookie } from './oidc-transaction-cookie';
import { accountRejections } from './rejections';
import { accountRoutes } from './routes';

declare module '#api/wiring/slice' {
  interface SlicePorts {
    accounts: AccountUseCases;
  }
}

/** Accounts: sign-up, sign-in, sessions, profile, roles and bans, a member's data and deletion. */
export const accountSlice = defineSlice({
  name: 'account',
  rejections: { account: accountRejections },
  services: ({ bus, queries, tokens, config, sendMail }) => ({
    accounts: accountUseCases({
      bus,
      users: queries.users,
      tokens,
      publicUrl: config.publicUrl,
      adminEmails: config.adminEmails,
      sendMail,
    }),
  }),
  edge(deps, ports) {
    const { bus, queries, config } = deps;
    // A member deletes their account; their stories and comments go as their author's.
    const deletion = new AccountDeletion({
      bus,
      log: deps.log,
      streams: queries.memberStreams,
      held: queries.comments,
      sessions: queries.sessions,
      users: queries.users,
      deleteStory: (storyId, userId, actor) =>
        ports.stories.delete(storyId, { _id: userId }, false, actor),
      deleteComment: (commentId, userId, actor) =>
        ports.comments.delete(commentId, { _id: userId }, false, actor),
      publicUrl: config.publicUrl,
      sendMail: deps.sendMail,
    });
    const oidc = config.oidc
      ? {
          client: createOidcClient(config.oidc, config.publicUrl),
          cookie: new OidcTransactionCookie(config.sessionSecret),
        }
      : null;
    return {
      routes(router) {
        memberDataRoutes(router, {
          deletion,
          log: deps.log,
          memberStreams: queries.memberStreams,
          settleMemberStreams: () => bus.settleAll([MEMBER_STREAMS]),
          limiter: deps.limiter,
          publicUrl: config.publicUrl,
        });
        accountRoutes(router, {
          accounts: ports.accounts,
          stats: queries.userStats,
          limiter: deps.limiter,
          limit: deps.limit,
          publicUrl: config.publicUrl,
          logger: deps.logger,
          oidc,
        });
        adminRoutes(router, {
          accounts: ports.accounts,
          users: queries.users,
          search: queries.userSearch,
          stories: queries.stories,
          comments: queries.comments,
          reports: queries.reports,
        });
      },
      async prepare() {
        const promoted = await ports.accounts.adminEmails.promoteListed(SYSTEM_ACTOR);
        if (promoted) deps.logger.info({ promoted }, 'ADMIN_EMAILS accounts promoted to admin');
      },
      // Finish the account deletions a crash stopped between their appends.
      resume: () => deletion.resume(SYSTEM_ACTOR),
    };
  },
});
