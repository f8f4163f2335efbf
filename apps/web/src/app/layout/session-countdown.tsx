import { formatCountdown } from '@/shared/format/countdown.ts';
import { useNow } from '@/shared/hooks/use-now.ts';
import { messages } from '@/shared/messages.ts';
import { isLoggedIn, useSessionStore } from '@/shared/stores/session-store.ts';
import styles from './session-countdown.module.css';

/** Time left in the session, ticking each second (spec §4). Nothing when logged out. */
export function SessionCountdown() {
  const expires = useSessionStore((state) =>
    isLoggedIn(state) ? (state.tokens?.access.expires ?? null) : null,
  );
  if (expires === null) return null;
  // Keyed by expiry: an extended session restarts the clock from a fresh "now".
  return <Countdown key={expires} expires={expires} />;
}

function Countdown({ expires }: { expires: number }) {
  const now = useNow(1000);
  // role=timer is not announced on every tick; a screen reader reads it when the user gets there.
  return (
    <span role="timer" className={styles.countdown}>
      <span className="visually-hidden">{messages.header.countdownLabel} </span>
      {formatCountdown(expires - now)}
    </span>
  );
}
