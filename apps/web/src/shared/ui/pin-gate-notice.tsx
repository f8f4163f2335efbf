import { ShieldCheck, X } from 'lucide-react';
import { useId } from 'react';
import { pinGateOf, PIN_GATE_PARAM, verifyPathFor } from '../lib/pin-gate.ts';
import { messages } from '../messages.ts';
import { useLocation, useNavigate } from '../routing/location.ts';
import { accountTypeOf, useSessionStore } from '../stores/session-store.ts';
import { ButtonLink } from './button.tsx';
import styles from './pin-gate-notice.module.css';

const m = messages.pinGate;

/**
 * What a pin gate stopped, said on the page it sent the person to (`?gate=team`): what is needed and
 * a way to the verification screen. A child is told who can do it instead; a person verified since
 * sees nothing. Closing it takes the reason off the address.
 */
export function PinGateNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const titleId = useId();
  const gate = pinGateOf(location.search);
  const userInfo = useSessionStore((state) => state.userInfo);
  const verified = useSessionStore((state) => state.pinUser?.result === 'Y');
  if (!gate || !userInfo || verified) return null;
  const isChild = accountTypeOf(userInfo) === 'CHILD';

  const dismiss = () => {
    const params = new URLSearchParams(location.search);
    params.delete(PIN_GATE_PARAM);
    const rest = params.toString();
    navigate(`${location.pathname}${rest ? `?${rest}` : ''}`, { replace: true });
  };

  return (
    <section className={styles.notice} aria-labelledby={titleId} data-pin-gate={gate}>
      <span className={styles.icon} aria-hidden="true">
        <ShieldCheck size={24} strokeWidth={2} />
      </span>
      <div className={styles.text}>
        <p id={titleId} className={styles.title} role="status">
          {isChild ? m.child[gate] : m.title[gate]}
        </p>
        {!isChild && <p className={styles.body}>{m.body[gate]}</p>}
        {!isChild && (
          <ButtonLink to={verifyPathFor(gate)} variant="primary" className={styles.action}>
            {m.verify}
          </ButtonLink>
        )}
      </div>
      <button type="button" className={styles.dismiss} aria-label={m.dismiss} onClick={dismiss}>
        <X aria-hidden="true" size={20} />
      </button>
    </section>
  );
}
