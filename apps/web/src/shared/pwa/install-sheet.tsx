import { Share, SquarePlus } from 'lucide-react';
import { pwaMessages } from '../messages/pwa.ts';
import { BottomSheet } from '../ui/bottom-sheet.tsx';
import { Button } from '../ui/button.tsx';
import { declineInstall, promptInstall } from './install-offer.ts';
import styles from './install-sheet.module.css';

/**
 * The install offer after a certification (decision 046): Chromium's own prompt behind one button,
 * or on iOS Safari the steps of 공유 → 홈 화면에 추가. Closing it in any way is an answer, remembered.
 */
export default function InstallSheet({ kind }: { kind: 'prompt' | 'ios' }) {
  const close = (open: boolean) => {
    if (!open) declineInstall();
  };
  if (kind === 'ios') {
    return (
      <BottomSheet
        open
        onOpenChange={close}
        title={pwaMessages.iosTitle}
        description={pwaMessages.iosDetail}
        footer={
          <Button block onClick={declineInstall}>
            {pwaMessages.iosDone}
          </Button>
        }
      >
        <ol className={styles.steps}>
          {pwaMessages.iosSteps.map((step, index) => (
            <li key={step} className={styles.step}>
              <span className={styles.icon} aria-hidden="true">
                {index === 0 ? <Share size={20} /> : index === 1 ? <SquarePlus size={20} /> : index + 1}
              </span>
              {step}
            </li>
          ))}
        </ol>
      </BottomSheet>
    );
  }
  return (
    <BottomSheet
      open
      onOpenChange={close}
      title={pwaMessages.installTitle}
      description={pwaMessages.installDetail}
      footer={
        <div className={styles.actions}>
          <Button block onClick={() => void promptInstall()}>
            {pwaMessages.installAction}
          </Button>
          <Button block variant="neutral" onClick={declineInstall}>
            {pwaMessages.installLater}
          </Button>
        </div>
      }
    >
      <img className={styles.appIcon} src="/icons/icon-192.png" alt="" width={64} height={64} />
    </BottomSheet>
  );
}
