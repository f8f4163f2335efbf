import { useEffect, useState, type ReactNode } from 'react';
import styles from './team-detail.module.css';

interface RankingListProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string;
  isMine: (item: T) => boolean;
  /** One row; `pinned` is the copy that sticks to the bottom (no links, so focus order stays simple). */
  renderRow: (item: T, pinned: boolean) => ReactNode;
  /** The pinned copy's name for screen readers, e.g. "내 순위". */
  mineLabel: string;
  /** Names the list, e.g. the tab it belongs to. */
  label: string;
  /** My row when the list holds only the top places and I am not among them: always pinned. */
  mine?: T;
}

/**
 * A ranking whose own row is always in sight: when my row scrolls out of view, a copy of it sticks
 * to the bottom of the screen (IntersectionObserver), and goes away when the real one is back.
 */
export function RankingList<T>({
  items,
  itemKey,
  isMine,
  renderRow,
  mineLabel,
  label,
  mine: outside,
}: RankingListProps<T>) {
  const [mineNode, setMineNode] = useState<HTMLLIElement | null>(null);
  const [offScreen, setOffScreen] = useState(false);
  useEffect(() => {
    if (!mineNode || typeof IntersectionObserver === 'undefined') return;
    // The bottom margin keeps the row "off screen" while the pinned copy would cover it.
    const observer = new IntersectionObserver(([entry]) => setOffScreen(!entry?.isIntersecting), {
      rootMargin: '0px 0px -72px 0px',
    });
    observer.observe(mineNode);
    return () => observer.disconnect();
  }, [mineNode]);

  const listed = items.find(isMine);
  const mine = listed ?? outside;
  const pinned = listed === undefined ? outside !== undefined : offScreen;
  return (
    <>
      <ol className={styles.rankList} aria-label={label}>
        {items.map((item) => (
          <li
            key={itemKey(item)}
            ref={isMine(item) ? setMineNode : undefined}
            data-mine={isMine(item) || undefined}
          >
            {renderRow(item, false)}
          </li>
        ))}
      </ol>
      {mine !== undefined && pinned && (
        <div className={styles.stickyMine} role="group" aria-label={mineLabel} data-testid="pinned-mine">
          {renderRow(mine, true)}
        </div>
      )}
    </>
  );
}
