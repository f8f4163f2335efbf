import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { pushMessages as text } from '@/shared/messages/push.ts';
import { accountTypeOf, useSessionStore } from '@/shared/stores/session-store.ts';
import { Button } from '@/shared/ui/button.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import { pushOfferDue, rememberPushOfferAnswered } from './push-offer.ts';
import styles from './push-offer-card.module.css';
import { enablePush } from './web-push.ts';

/**
 * The offer of reminders (decision 047), above the bottom navigation. The browser's permission
 * prompt comes only from the tap on "알림 받기". A child is not sent to /my's settings: their
 * reminders follow their parent's choices.
 */
function PushOfferCard({ onClose }: { onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const child = useSessionStore(
    (state) => state.userInfo != null && accountTypeOf(state.userInfo) === 'CHILD',
  );
  const close = () => {
    rememberPushOfferAnswered();
    onClose();
  };
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
      close();
    }
  };
  return (
    <section className={styles.card} aria-labelledby="push-offer-title">
      <h2 id="push-offer-title" className={styles.title}>
        <BellRing aria-hidden="true" size={20} />
        {text.offerTitle}
      </h2>
      <p className={styles.text}>{child ? text.offerBodyChild : text.offerBody}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={close} disabled={busy}>
          {text.offerLater}
        </Button>
        <Button busy={busy} onClick={() => void accept()}>
          {text.offerAccept}
        </Button>
      </div>
    </section>
  );
}

let shown: Root | null = null;

/**
 * After a person's first certification (features/home/celebrate.ts loads this then, so no first
 * load carries it): the card, once, in a layer of its own until it is answered.
 */
export function offerPush(): void {
  if (shown || !pushOfferDue()) return;
  const host = document.createElement('div');
  host.className = styles.layer!;
  document.body.append(host);
  const root = createRoot(host);
  shown = root;
  root.render(
    <PushOfferCard
      onClose={() => {
        root.unmount();
        host.remove();
        shown = null;
      }}
    />,
  );
}
