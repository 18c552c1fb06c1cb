import { UserQueries } from '@whosright/projections/users/queries';
import { accountUseCases, type AccountUseCases } from '#api/account/account-use-cases';
import type { Config } from '#api/platform/config';
import type { Logger } from '#api/platform/logger';
import { SessionTokens } from '#api/platform/session-tokens';
import { commandBusOver } from './command-bus-over';
import { openStores } from './stores';

/** What `npm run admin` works with, beside a running server: accounts and the users read model. */
export interface AdminTools {
  accounts: AccountUseCases;
  users: UserQueries;
  close(): Promise<void>;
}

/**
 * The accounts service over the same stores as the server. It runs no projections, so its bus
 * waits for none: the server applies what it appends within a second.
 */
export async function openAdminTools(config: Config, logger: Logger): Promise<AdminTools> {
  const stores = await openStores(config, logger, { runProjections: false });
  const users = new UserQueries(stores.readStore);
  const accounts = accountUseCases({
    bus: commandBusOver(stores.eventStore, null),
    users,
    // The CLI signs nobody in: no session token is ever made with this key.
    tokens: new SessionTokens('unused-by-the-cli-unused-by-the-cli'),
    publicUrl: config.publicUrl,
    adminEmails: config.adminEmails,
    sendMail: () => Promise.resolve(),
  });
  return { accounts, users, close: () => stores.close() };
}
