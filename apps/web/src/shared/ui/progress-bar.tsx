import { useId, type ReactNode } from 'react';

interface ProgressBarProps {
  /** From 0 to `max`. */
  value: number;
  max?: number;
  /** Its accessible name. */
  label: string;
  /**
   * The label drawn as an element of this class (`visually-hidden` for a label only read out); without
   * it the name is the bar's `aria-label`.
   */
  labelClassName?: string;
  /** What a screen reader says of the value; the whole percent ("45%") by default. */
  valueText?: string;
  className?: string;
  trackClassName?: string;
  indicatorClassName?: string;
  /** Drawn between the label and the track (a value beside the label). */
  children?: ReactNode;
  /** Drawn after the track. */
  after?: ReactNode;
}

/**
 * A progress bar (WAI-ARIA `progressbar`): label, track and indicator, each styled by its caller. Ours
 * rather than Base UI's Progress, which formats its value with `Intl.NumberFormat` on every first
 * render of a page: the first use of `Intl` in a page cost the team page 11 ms here (45 ms at
 * Lighthouse's 4× phone), for a text we always replace (the app writes numbers by hand:
 * shared/format/count.ts).
 */
export function ProgressBar({
  value,
  max = 100,
  label,
  labelClassName,
  valueText,
  className,
  trackClassName,
  indicatorClassName,
  children,
  after,
}: ProgressBarProps) {
  const labelId = useId();
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      className={className}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuetext={valueText ?? `${Math.round(percent)}%`}
      {...(labelClassName === undefined ? { 'aria-label': label } : { 'aria-labelledby': labelId })}
    >
      {labelClassName !== undefined && (
        <span id={labelId} className={labelClassName}>
          {label}
        </span>
      )}
      {children}
      <div className={trackClassName}>
        <div className={indicatorClassName} style={{ width: `${percent}%` }} />
      </div>
      {after}
    </div>
  );
}
