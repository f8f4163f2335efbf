import { Toast } from '@base-ui/react/toast';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { messages } from '../messages.ts';
import styles from './toast.module.css';

/** The one toast queue: results of an action ("자녀 계정을 만들었어요") from anywhere in the app. */
const toastManager = Toast.createToastManager();

/** Shows a short result message; it leaves by itself after a few seconds. */
export function showToast(message: string): void {
  toastManager.add({ title: message, timeout: 4000 });
}

/** Provides the queue and draws the newest toast above the bottom navigation, one at a time. */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <Toast.Provider toastManager={toastManager} limit={1}>
      {children}
      <Toast.Portal>
        <Toast.Viewport className={styles.viewport}>
          <ToastList />
        </Toast.Viewport>
      </Toast.Portal>
    </Toast.Provider>
  );
}

function ToastList() {
  const { toasts } = Toast.useToastManager();
  return toasts.map((toast) => (
    <Toast.Root key={toast.id} toast={toast} className={styles.toast}>
      <Toast.Content className={styles.content}>
        <Toast.Title className={styles.description} />
        <Toast.Close className={styles.close} aria-label={messages.common.close}>
          <X aria-hidden="true" size={18} />
        </Toast.Close>
      </Toast.Content>
    </Toast.Root>
  ));
}
