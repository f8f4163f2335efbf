import styles from './notice-message.module.css';

interface NoticeMessageProps {
  /** `error` interrupts the screen reader (role=alert); `info` waits its turn (role=status). */
  tone: 'error' | 'info';
  children: string;
}

/** A short inline message under an action, e.g. why login did not start. */
export function NoticeMessage({ tone, children }: NoticeMessageProps) {
  return (
    <p className={`${styles.message} ${styles[tone]}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
