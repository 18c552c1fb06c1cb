/**
 * "No reason", decided once for every moderation call and the events it records: an absent,
 * null, empty or blank reason is no reason (null); a given one is kept without the spaces around
 * it. Zod-free, so the web app's dialogs and the pure deciders can use it.
 */
export function givenReason(reason: string | null | undefined): string | null {
  const trimmed = reason?.trim();
  return trimmed ? trimmed : null;
}

/** An event's optional `reason` field: present only when a reason was given. */
export function reasonField(reason: string | null | undefined): { reason?: string } {
  const given = givenReason(reason);
  return given === null ? {} : { reason: given };
}
