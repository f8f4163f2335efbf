import { messages } from '@/shared/messages.ts';
import { useUiStore } from '@/shared/stores/ui-store.ts';
import styles from './loading-overlay.module.css';

/**
 * The blocking overlay for login and uploads (spec §2). The live region stays in the page so the
 * texts are announced when they appear.
 */
export function LoadingOverlay() {
  const active = useUiStore((state) => state.loadingCount > 0);
  return (
    <div role="status" aria-live="polite" className={active ? styles.overlay : styles.idle}>
      {active && (
        <div className={styles.box}>
          <span className={styles.spinner} aria-hidden="true" />
          <p className={styles.title} lang="en">
            {messages.loading.title}
          </p>
          <p className={styles.description}>{messages.loading.description}</p>
        </div>
      )}
    </div>
  );
}
