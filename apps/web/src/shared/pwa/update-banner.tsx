import { useId } from 'react';
import { pwaMessages } from '../messages/pwa.ts';
import { Button } from '../ui/button.tsx';
import { usePwaStore } from './pwa-store.ts';
import styles from './update-banner.module.css';

/** "새 버전이 있어요": the waiting version takes over only when the person says so (decision 046). */
export default function UpdateBanner({ onReload }: { onReload: () => void }) {
  const titleId = useId();
  return (
    <section className={styles.banner} aria-labelledby={titleId} role="status">
      <div className={styles.text}>
        <p id={titleId} className={styles.title}>
          {pwaMessages.updateReady}
        </p>
        <p className={styles.detail}>{pwaMessages.updateDetail}</p>
      </div>
      <div className={styles.actions}>
        <Button variant="neutral" onClick={() => usePwaStore.setState({ takeUpdate: null })}>
          {pwaMessages.updateLater}
        </Button>
        <Button onClick={onReload}>{pwaMessages.updateReload}</Button>
      </div>
    </section>
  );
}
