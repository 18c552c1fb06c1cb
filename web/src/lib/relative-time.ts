/**
 * Ages like '5 minutes ago', as stories and comments show them. Under a minute is 'just now'; a
 * month counts as 30 days and a year as 365.
 */
const formatter = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

const units = [
  { unit: 'year', seconds: 365 * 24 * 3600 },
  { unit: 'month', seconds: 30 * 24 * 3600 },
  { unit: 'week', seconds: 7 * 24 * 3600 },
  { unit: 'day', seconds: 24 * 3600 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
] as const;

export function timeAgo(iso: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, (now - new Date(iso).getTime()) / 1000);
  for (const { unit, seconds } of units) {
    if (elapsed >= seconds) return formatter.format(-Math.floor(elapsed / seconds), unit);
  }
  return 'just now';
}
