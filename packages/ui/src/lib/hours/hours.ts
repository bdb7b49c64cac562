/**
 * Formats a number of hours as 'Xh Ym' (e.g. 12.5 -> '12h 30m'), as the stat cards of spec §2
 * show durations. Missing, negative or non-finite values read '0h 0m'.
 */
export function formatHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours) || hours <= 0) {
    return '0h 0m';
  }
  const totalMinutes = Math.round(hours * 60);
  return `${Math.floor(totalMinutes / 60)}h ${totalMinutes % 60}m`;
}
