/**
 * `npm run admin -- <promote|demote|ban|unban> <email>` and `npm run admin -- list`.
 * Appends events to the same store as the running server, which sees them within a second.
 */
import { openAdminTools } from '#api/app/admin-tools';
import { HttpError } from '#api/platform/errors';
import { createLogger } from '#api/platform/logger';
import { configOrRefuse, fail, openedOrRefuse, refuse } from './exits';

const USAGE = 'Usage: npm run admin -- <promote|demote|ban|unban> <email> | list';
const ACTIONS = ['promote', 'demote', 'ban', 'unban'] as const;
type Action = (typeof ACTIONS)[number];
const DONE: Record<Action, string> = {
  promote: 'is now an admin',
  demote: 'is now a regular user',
  ban: 'is banned: their sessions have ended',
  unban: 'is no longer banned',
};

async function main(args: string[]): Promise<void> {
  const [command, email, ...rest] = args;
  if (command !== 'list' && !(ACTIONS as readonly string[]).includes(command ?? '')) refuse(USAGE);
  if ((command === 'list' ? email : !email) || rest.length) refuse(USAGE);
  const config = configOrRefuse();

  const logger = createLogger({ ...config, logLevel: 'warn' });
  const tools = await openedOrRefuse(() => openAdminTools(config, logger));
  try {
    if (command === 'list') {
      const users = await tools.users.all(10_000);
      if (users.length === 0) console.log('No accounts yet.');
      for (const u of users) {
        console.log(
          [u.email.padEnd(36), u.role.padEnd(6), u.status.padEnd(7), u.createdAt, u._id].join('  '),
        );
      }
      return;
    }
    await tools.accounts.rolesAndBans.changeByEmail(email!, command as Action, {
      correlationId: `cli-${process.pid}`,
    });
    console.log(`${email!.trim().toLowerCase()} ${DONE[command as Action]}.`);
  } catch (error) {
    if (error instanceof HttpError) fail(error.message);
    throw error;
  } finally {
    await tools.close();
  }
}

await main(process.argv.slice(2));
