import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { pushMessages as text } from '@/shared/messages/my.ts';
import { closePushOffer } from '@/shared/push/push-offer.ts';
import { enablePush } from '@/shared/push/web-push.ts';
import { Button } from '@/shared/ui/button.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import styles from './push-offer-card.module.css';

/**
 * After a person's first certification (decision 047): the one moment /home offers reminders. The
 * browser's permission prompt comes only from the tap on "알림 받기".
 */
export function PushOfferCard() {
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    setBusy(true);
    try {
      const outcome = await enablePush();
      showToast(
        outcome === 'subscribed' ? text.enabled : outcome === 'denied' ? text.denied : text.unsupported,
      );
    } catch {
      showToast(text.failed);
    } finally {
      setBusy(false);
      closePushOffer();
    }
  };
  return (
    <section className={styles.card} aria-labelledby="push-offer-title">
      <h2 id="push-offer-title" className={styles.title}>
        <BellRing aria-hidden="true" size={20} />
        {text.offerTitle}
      </h2>
      <p className={styles.text}>{text.offerBody}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={closePushOffer} disabled={busy}>
          {text.offerLater}
        </Button>
        <Button busy={busy} onClick={() => void accept()}>
          {text.offerAccept}
        </Button>
      </div>
    </section>
  );
}
