import styles from './skeleton.module.css';

interface SkeletonProps {
  /** Bars to draw; the last is shorter, like the end of a paragraph. */
  lines?: number;
  /** Adds a heading-sized bar on top. */
  heading?: boolean;
  /** Read out to screen readers while the content loads. */
  label: string;
}

/**
 * The class of every placeholder surface (a page's own stylesheet adds its size and corners): one
 * sweep, animated by the compositor alone.
 */
export const shimmerClass = styles.shimmer;

/** A placeholder shaped like text while it loads. */
export function Skeleton({ lines = 3, heading = false, label }: SkeletonProps) {
  return (
    <div className={styles.skeleton} role="status" aria-label={label}>
      {heading && <span className={`${styles.bar} ${styles.heading}`} />}
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className={`${styles.bar} ${index === lines - 1 ? styles.short : ''}`} />
      ))}
    </div>
  );
}
