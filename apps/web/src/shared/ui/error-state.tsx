import { RefreshCw } from 'lucide-react';
import { errorMessageFor } from '../api/api-error.ts';
import { messages } from '../messages.ts';
import { Button } from './button.tsx';
import styles from './error-state.module.css';

interface ErrorStateProps {
  error: unknown;
  onRetry: () => void;
  /** True while the retry is on its way. */
  retrying?: boolean;
}

/** A failed load: what happened, in Korean, and a retry. */
export function ErrorState({ error, onRetry, retrying = false }: ErrorStateProps) {
  return (
    <div className={styles.error} role="alert">
      <p className={styles.message}>{errorMessageFor(error)}</p>
      <Button variant="neutral" onClick={onRetry} disabled={retrying}>
        <RefreshCw aria-hidden="true" size={18} />
        {messages.common.retry}
      </Button>
    </div>
  );
}
