import type { TermsDocument } from '@hamkke/contract/home/terms';
import { useId, useState } from 'react';
import { CheckboxItem } from '@/shared/ui/checkbox.tsx';
import { PlainText } from '@/shared/ui/plain-text.tsx';
import styles from './my.module.css';
import { guardianConsentMessages } from '@/shared/messages/my.ts';

/**
 * The guardian's consent box (decision 038): "[필수] … 동의해요" with "내용 보기", which opens the
 * document in force right here, so what the parent typed on the form stays. `document` is null
 * while it loads or when it could not be read (the box is then off, and the form says why).
 */
export function GuardianConsentField({
  document,
  checked,
  onCheckedChange,
  error,
}: {
  document: TermsDocument | null;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <div className={styles.consent}>
      <div className={styles.consentRow}>
        <CheckboxItem
          checked={checked}
          onCheckedChange={(value) => onCheckedChange(value)}
          disabled={document === null}
          label={guardianConsentMessages.agree}
        />
        <button
          type="button"
          className={styles.consentView}
          aria-expanded={open}
          aria-controls={regionId}
          disabled={document === null}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? guardianConsentMessages.hide : guardianConsentMessages.view}
        </button>
      </div>
      {error !== undefined && (
        <p className={styles.consentError} role="alert">
          {error}
        </p>
      )}
      <div
        id={regionId}
        role="region"
        aria-label={guardianConsentMessages.documentLabel}
        hidden={!open || document === null}
        className={styles.consentDocument}
        tabIndex={0}
      >
        {document !== null && open && <PlainText text={document.content} />}
      </div>
    </div>
  );
}
