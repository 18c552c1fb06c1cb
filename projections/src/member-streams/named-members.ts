import { ID_PREFIXES } from '@whosright/contracts/shared/ids';
import type { RecordedEvent } from '@whosright/eventstore/port';

const USER_STREAM = 'user-';

const field = (data: unknown, key: string): unknown =>
  typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;

const isMemberId = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(ID_PREFIXES.user);

/** Whether `membersNamedBy(event)` names anyone, without building the list (most events do not). */
export function namesAMember(event: RecordedEvent): boolean {
  return (
    event.stream.startsWith(USER_STREAM) ||
    isMemberId(event.metadata.actorId) ||
    isMemberId(field(event.data, 'userId')) ||
    isMemberId(field(event.data, 'authorId'))
  );
}

/**
 * The members an event is about: its stream's owner (`user-{id}`), who did it (the actor in the
 * metadata), and whom its data names as `userId` or `authorId`. Visitors are never named.
 */
export function membersNamedBy(event: RecordedEvent): string[] {
  const named = new Set<string>();
  if (event.stream.startsWith(USER_STREAM)) named.add(event.stream.slice(USER_STREAM.length));
  for (const id of [
    event.metadata.actorId,
    field(event.data, 'userId'),
    field(event.data, 'authorId'),
  ])
    if (isMemberId(id)) named.add(id);
  return [...named];
}
