/**
 * Remaining session time for the header (spec §4) as hh:mm:ss. Seconds are rounded UP so
 * "00:00:00" appears exactly when the session ends, never a second early.
 */
export function formatCountdown(remainingMs: number): string {
  const totalSeconds = Number.isFinite(remainingMs) && remainingMs > 0 ? Math.ceil(remainingMs / 1000) : 0;
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return [hours, minutes, seconds].map((part) => String(part).padStart(2, '0')).join(':');
}
