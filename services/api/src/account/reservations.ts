import { createHash } from 'node:crypto';
import type { Actor } from '#api/platform/actor';
import type { CommandBus } from '#api/write/command-bus';
import { commandOn } from '#api/write/commands';
import { reservation } from './reservation-decider';

/** Reservation streams are named by a hash, so e-mails never appear in stream names. */
export function emailStream(email: string): string {
  return `email-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
}

/** Usernames are unique whatever their case (`Alice` and `alice` are one name). */
export function usernameStream(username: string): string {
  return `username-${createHash('sha256').update(username.trim().toLowerCase()).digest('hex')}`;
}

export function identityStream(issuer: string, subject: string): string {
  return `identity-${createHash('sha256').update(`${issuer}\n${subject}`).digest('hex')}`;
}

/** The user holding a reservation, or null when nobody does. */
export async function reservationHolder(bus: CommandBus, stream: string): Promise<string | null> {
  return (await bus.state(stream, reservation)).holder;
}

/** The user whose account holds `email` (normalized by the caller), or null. */
export function userIdByEmail(bus: CommandBus, email: string): Promise<string | null> {
  return reservationHolder(bus, emailStream(email));
}

/**
 * Claims `stream` for `userId` (the first claim wins, so no username or e-mail is held twice);
 * answers the holder when someone already has it. The stream usually does not exist yet, so the
 * claim is appended expecting none, and read only when that fails.
 */
export async function claim(
  bus: CommandBus,
  stream: string,
  userId: string,
  actor: Actor,
): Promise<{ claimed: true } | { claimed: false; holder: string | null }> {
  const [result] = await bus.runAll(
    [commandOn(stream, reservation, { type: 'ClaimReservation', userId }, { expectNew: true })],
    actor,
  );
  if (result?.events.length) return { claimed: true };
  return { claimed: false, holder: await reservationHolder(bus, stream) };
}
