// Time left as a person reads it.
export function duration(s: number | null): string {
  if (s === null || !Number.isFinite(s)) return 'estimating…';
  if (s < 1) return 'under a second';
  if (s < 60) return `${Math.ceil(s)} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${Math.ceil(s - m * 60)} s`;
}
