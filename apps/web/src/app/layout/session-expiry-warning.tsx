import { useEffect, useState } from 'react';
import { messages } from '@/shared/messages.ts';
import { extendNow } from '@/shared/session/session-activity.ts';
import { isLoggedIn, useSessionStore } from '@/shared/stores/session-store.ts';
import { Button } from '@/shared/ui/button.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import { expiryWarningDue, nextWarningIn, type ExpiryWarning } from '../session-rules.ts';
import styles from './session-expiry-warning.module.css';

/**
 * Five minutes and one minute before the session ends, a polite notice offers 연장하기 (issue 25).
 * Its live region is always there, so a screen reader hears the notice when it appears.
 */
export function SessionExpiryWarning() {
  const expires = useSessionStore((state) =>
    isLoggedIn(state) ? (state.tokens?.access.expires ?? null) : null,
  );
  if (expires === null) return null;
  // Keyed by expiry: an extended session starts its warnings over.
  return <Warning key={expires} expires={expires} />;
}

/** The warning due, and the whole minutes left when it came (what it says). */
interface Due {
  mark: ExpiryWarning;
  minutes: number;
}

function dueAt(remaining: number): Due | null {
  const mark = expiryWarningDue(remaining);
  return mark === null ? null : { mark, minutes: Math.max(1, Math.ceil(remaining / 60_000)) };
}

function Warning({ expires }: { expires: number }) {
  const [due, setDue] = useState<Due | null>(() => dueAt(expires - Date.now()));
  const [closed, setClosed] = useState<ExpiryWarning | null>(null);
  const [state, setState] = useState<'idle' | 'extending' | 'failed'>('idle');

  useEffect(() => {
    let timer: number | undefined;
    const check = () => {
      const remaining = expires - Date.now();
      setDue((current) => {
        const next = dueAt(remaining);
        return next?.mark === current?.mark ? current : next;
      });
      const next = nextWarningIn(remaining);
      if (next !== null) timer = window.setTimeout(check, next);
    };
    check();
    return () => window.clearTimeout(timer);
  }, [expires]);

  const shown = due !== null && closed !== due.mark;

  const extend = () => {
    if (state === 'extending') return;
    setState('extending');
    extendNow().then(
      () => showToast(messages.sessionWarning.extended),
      (error: unknown) => {
        console.warn('[session] could not extend the session', error);
        setState('failed');
      },
    );
  };

  return (
    <section
      // Out of sight, not out of the page, while nothing is due: the live region stays heard.
      className={shown ? styles.warning : 'visually-hidden'}
      aria-label={messages.sessionWarning.label}
    >
      <p role="status" className={styles.text}>
        {shown &&
          (state === 'failed' ? messages.sessionWarning.failed : messages.sessionWarning.soon(due.minutes))}
      </p>
      {shown && (
        <div className={styles.actions}>
          <Button variant="neutral" onClick={() => setClosed(due.mark)}>
            {messages.sessionWarning.close}
          </Button>
          <Button busy={state === 'extending'} onClick={extend}>
            {messages.sessionWarning.extend}
          </Button>
        </div>
      )}
    </section>
  );
}
