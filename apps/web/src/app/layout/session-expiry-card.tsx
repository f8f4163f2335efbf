import { useEffect, useState } from 'react';
import { sessionMessages } from '@/shared/messages/session.ts';
import { extendNow } from '@/shared/session/session-activity.ts';
import { Button } from '@/shared/ui/button.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import { expiryWarningDue, nextWarningIn, type ExpiryWarning } from '../session-rules.ts';
import styles from './session-expiry-card.module.css';

/** The warning due, and the whole minutes left when it came (what it says). */
interface Due {
  mark: ExpiryWarning;
  minutes: number;
}

function dueAt(remaining: number): Due | null {
  const mark = expiryWarningDue(remaining);
  return mark === null ? null : { mark, minutes: Math.max(1, Math.ceil(remaining / 60_000)) };
}

/**
 * The warning itself (its own chunk, loaded as the first mark nears): five minutes and one minute
 * before the session ends, a polite notice offers 연장하기 (issue 25). Its live region is drawn empty
 * first and filled after, so a screen reader hears the notice when it appears.
 */
export default function SessionExpiryCard({ expires }: { expires: number }) {
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
  const message = !shown
    ? ''
    : state === 'failed'
      ? sessionMessages.failed
      : sessionMessages.soon(due.minutes);
  // Set after the region is drawn: a region that appears with its text already in is not always read.
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    const frame = window.requestAnimationFrame(() => setAnnounced(message));
    return () => window.cancelAnimationFrame(frame);
  }, [message]);

  const extend = () => {
    if (state === 'extending') return;
    setState('extending');
    extendNow().then(
      () => showToast(sessionMessages.extended),
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
      aria-label={sessionMessages.label}
    >
      <p role="status" className={styles.text}>
        {announced}
      </p>
      {shown && (
        <div className={styles.actions}>
          <Button variant="neutral" onClick={() => setClosed(due.mark)}>
            {sessionMessages.close}
          </Button>
          <Button busy={state === 'extending'} onClick={extend}>
            {sessionMessages.extend}
          </Button>
        </div>
      )}
    </section>
  );
}
