import fs from 'node:fs';

/** Resident memory of a process from /proc (Linux): current and peak (VmHWM), in MiB. */
export function memoryOf(pid: number): { rssMiB: number; peakRssMiB: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
    return { rssMiB: Math.round(kib('VmRSS') / 1024), peakRssMiB: Math.round(kib('VmHWM') / 1024) };
  } catch {
    return null;
  }
}
