/**
 * How a replay's progress reads, the same on the replay CLI and in the admin panel:
 * "12,345 / 50,000 events · 8,000 events/s · about 5 s left". No zod: the web app imports it.
 */
export interface ProgressNumbers {
  done: number;
  total: number;
  eventsPerSecond: number;
  etaSeconds: number | null;
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');

/** "about 5 s left", "about 2 min 5 s left"; without a rate yet, "estimating the time left". */
export function etaText(etaSeconds: number | null): string {
  if (etaSeconds === null || !Number.isFinite(etaSeconds)) return 'estimating the time left';
  const s = Math.max(0, Math.round(etaSeconds));
  if (s === 0) return 'almost done';
  if (s < 60) return `about ${s} s left`;
  const rest = s % 60;
  return `about ${Math.floor(s / 60)} min${rest ? ` ${rest} s` : ''} left`;
}

export function progressText(p: ProgressNumbers): string {
  return `${count(p.done)} / ${count(p.total)} events · ${count(p.eventsPerSecond)} events/s · ${etaText(p.etaSeconds)}`;
}

/** Whole percent done, 0 to 100 (100 only when done). */
export function progressPercent(p: Pick<ProgressNumbers, 'done' | 'total'>): number {
  if (p.total <= 0) return 0;
  return Math.min(100, Math.floor((p.done / p.total) * 100));
}
