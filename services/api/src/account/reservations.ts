import { createHash } from 'node:crypto';
import type { EventStore } from '@whosright/eventstore/port';
import { reserve } from '@whosright/eventstore/command/reserve';
import type { Actor } from '#api/platform/commands';
import { metadataOf } from '#api/platform/commands';

/** Reservation streams are named by a hash, so e-mails never appear in stream names. */
export function emailStream(email: string): string {
  return `email-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
}

export function identityStream(issuer: string, subject: string): string {
  return `identity-${createHash('sha256').update(`${issuer}\n${subject}`).digest('hex')}`;
}

/** The user holding a reservation, or null when nobody does. */
export async function reservationHolder(store: EventStore, stream: string): Promise<string | null> {
  let holder: string | null = null;
  for await (const event of store.readStream(stream)) {
    const data = event.data as { userId: string };
    holder = event.type === 'ReservationClaimed' ? data.userId : null;
  }
  return holder;
}

/** Claims `stream` for `userId`; answers the holder when someone already has it. */
export async function claim(
  store: EventStore,
  stream: string,
  userId: string,
  actor: Actor,
): Promise<{ claimed: true } | { claimed: false; holder: string | null }> {
  const result = await reserve(store, stream, {
    type: 'ReservationClaimed',
    data: { userId },
    metadata: metadataOf(actor),
  });
  if (result.reserved) return { claimed: true };
  return { claimed: false, holder: await reservationHolder(store, stream) };
}
