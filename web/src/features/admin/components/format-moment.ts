/** Moments as the ranking screens show and take them. */

/** "Nov 16, 2026, 9:30 AM" in the admin's time zone. */
export function formatMoment(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** A `datetime-local` value ("2026-11-16T09:30") for a time, in the admin's time zone. */
export function localInputValue(time: Date): string {
  const local = new Date(time.getTime() - time.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
