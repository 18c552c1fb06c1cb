/** "0.8125" -> "81.3%". */
export function skipRatePercent(skipRate: string): string {
  const rate = Number(skipRate);
  return `${Number.isFinite(rate) ? Number((rate * 100).toFixed(1)) : 0}%`;
}
