import type { CommandBus } from '#api/write/command-bus';
import { user, type UserState } from './decider';

/** The `user-{id}` stream of a member. */
export const userStream = (userId: string) => `user-${userId}`;

/** The account as its stream holds it now (the bus's cached fold): what a decision reads first. */
export function userState(bus: CommandBus, userId: string): Promise<UserState> {
  return bus.state(userStream(userId), user);
}

/** Whether the account was registered and not deleted. */
export async function userExists(bus: CommandBus, userId: string): Promise<boolean> {
  return (await userState(bus, userId)).exists;
}
