import { Toast } from '@base-ui/react/toast';
import { X } from 'lucide-react';
import { useEffect } from 'react';
import { messages } from '../messages.ts';
import { useUiStore } from '../stores/ui-store.ts';
import styles from './toast.module.css';

/** The one toast queue (Base UI), made when this chunk loads, after the page's first paint. */
const toastManager = Toast.createToastManager();
const sink = (message: string) => toastManager.add({ title: message, timeout: 4000 });

/**
 * How long the live region is on the page before the first toasts are put in it: a screen reader
 * announces a change of a region it already knows, and Chromium hands a new region to it with the
 * next accessibility update (about one frame), not at once.
 */
export const LIVE_REGION_SETTLE_MS = 100;

/**
 * Draws the newest toast above the bottom navigation, one at a time. It is mounted at the first
 * toast: its live region is on the page first, and the toasts asked for before it are added
 * {@link LIVE_REGION_SETTLE_MS} later, so screen readers announce them.
 */
export default function ToastViewport({
  takePendingToasts,
}: {
  /** toast.tsx's queue, handed in so that this chunk does not import the module that loads it. */
  takePendingToasts: (sink: (message: string) => void) => () => void;
}) {
  useEffect(() => {
    let release: (() => void) | undefined;
    const settle = window.setTimeout(() => {
      release = takePendingToasts(sink);
    }, LIVE_REGION_SETTLE_MS);
    return () => {
      window.clearTimeout(settle);
      release?.();
    };
  }, [takePendingToasts]);
  // Over an open sheet or dialog the toast shows at the top, where it covers none of the sheet's
  // buttons (decision 025): "링크를 복사했어요" never sits on 삭제.
  const overLayer = useUiStore((state) => state.openLayers > 0);
  return (
    <Toast.Provider toastManager={toastManager} limit={1}>
      <Toast.Portal>
        <Toast.Viewport
          className={styles.viewport}
          data-over-layer={overLayer || undefined}
          aria-label={messages.common.notifications}
        >
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
        {/* Base UI hides the close button from screen readers unless the toasts are hovered or
            focused, while it stays focusable (axe: aria-hidden-focus, seen in missions.e2e at /active):
            one toast at a time here, its close button always shown, so it is always announced. */}
        <Toast.Close className={styles.close} aria-label={messages.common.close} aria-hidden={false}>
          <X aria-hidden="true" size={18} />
        </Toast.Close>
      </Toast.Content>
    </Toast.Root>
  ));
}
