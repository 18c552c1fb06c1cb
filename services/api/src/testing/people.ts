import { currentUserSchema } from '@whosright/contracts/account/dto';
import { waitForMailTo, withLink } from '#api/platform/mail/outbox-reader';
import { parseBody } from './parse-body';
import type { TestServer } from '#api/app/test-server';

let counter = 0;

/** The token of the newest verification link mailed to `email`. */
export async function verificationTokenFor(server: TestServer, email: string): Promise<string> {
  const mail = await waitForMailTo(server.dataDir, email, { matching: withLink('mode=verify') });
  const link = mail.links.find((l) => l.includes('mode=verify'));
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no verification link in the mail to ${email}`);
  return token;
}

/**
 * Registers a member and returns their signed-in browser. An address listed in ADMIN_EMAILS is
 * verified by its mailed link too, as its owner would, which makes it an admin (an unproven
 * address never does).
 */
export async function signUp(
  server: TestServer,
  options: { email?: string; firstName?: string } = {},
) {
  counter += 1;
  const email = options.email ?? `member${counter}-${process.pid}-${Date.now()}@example.com`;
  const agent = server.agent();
  const res = await agent.post('/api/auth/register').send({
    email,
    password: 'a good password',
    firstName: options.firstName ?? `Member${counter}`,
  });
  if (res.status !== 201)
    throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (server.config.adminEmails.includes(email.toLowerCase())) {
    const token = await verificationTokenFor(server, email);
    await agent.post('/api/auth/verify-email').send({ token }).expect(200);
  }
  return { agent, email, id: parseBody(res, currentUserSchema).id };
}
