import type { BadgeKind } from '@hamkke/contract/user/badges';
import type { LucideIcon } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import styles from './app-icons.module.css';

/**
 * Mission and badge icons drawn by the app (app-icon-set.ts), never system emoji. The set comes
 * after the first paint, out of the first load's budget: until then each icon holds its place as
 * an empty box of its size, so nothing moves when the drawings arrive.
 */
type IconSet = typeof import('./app-icon-set.ts');

let loaded: IconSet | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  loading ??= import('./app-icon-set.ts').then(
    (set) => {
      loaded = set;
      for (const notify of listeners) notify();
    },
    () => {
      // Without the set the boxes stay empty; the next icon drawn asks again.
      loading = null;
    },
  );
  return () => listeners.delete(listener);
}

function useIconSet(): IconSet | null {
  return useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
}

interface IconProps {
  /** Pixel size of the drawing. */
  size?: number;
  className?: string;
}

function Drawn({ Icon, kind, size = 20, className }: IconProps & { Icon: LucideIcon | null; kind: string }) {
  const classes = [styles.icon, className].filter(Boolean).join(' ');
  if (!Icon) {
    return (
      <span
        aria-hidden="true"
        className={classes}
        style={{ width: size, height: size }}
        data-app-icon-pending
      />
    );
  }
  return (
    <Icon
      aria-hidden="true"
      focusable="false"
      size={size}
      strokeWidth={2}
      className={classes}
      data-app-icon={kind}
    />
  );
}

/** A mission's icon, drawn by the app (a check mark for an icon the app does not know). */
export function MissionIcon({ icon, ...props }: IconProps & { icon: string }) {
  const set = useIconSet();
  const Icon = set ? (set.appIconFor(icon) ?? set.FALLBACK_MISSION_ICON) : null;
  return <Drawn Icon={Icon} kind="mission" {...props} />;
}

/** A badge's icon, drawn by the app: its emoji's icon, else its kind's. */
export function BadgeIcon({
  emoji,
  kind,
  ...props
}: IconProps & { emoji: string; kind?: BadgeKind | undefined }) {
  const set = useIconSet();
  const Icon = set
    ? (set.appIconFor(emoji) ?? (kind ? set.BADGE_KIND_ICONS[kind] : set.FALLBACK_BADGE_ICON))
    : null;
  return <Drawn Icon={Icon} kind="badge" {...props} />;
}
