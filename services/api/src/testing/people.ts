import { currentUserSchema } from '@whosright/contracts/account/dto';
import { parseBody } from './parse-body';
import type { TestServer } from '#api/app/test-server';

let counter = 0;

/** Registers a member (or, with an ADMIN_EMAILS address, an admin) and returns their signed-in browser. */
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
  return { agent, email, id: parseBody(res, currentUserSchema).id };
}
