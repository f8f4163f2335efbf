import { useId } from 'react';
import { formatFullDay } from '@/shared/format/date.ts';
import { messages } from '@/shared/messages.ts';
import styles from './version-select.module.css';

interface VersionSelectProps {
  versions: ReadonlyArray<{ version: string; effectiveDate: string }>;
  value: string;
  onChange: (version: string) => void;
  disabled?: boolean;
}

/** A labelled native select: the phone's own picker, accessible for free. */
export function VersionSelect({ versions, value, onChange, disabled = false }: VersionSelectProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {messages.terms.versionLabel}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {versions.map(({ version, effectiveDate }) => (
          <option key={version} value={version}>
            {messages.terms.versionOption(version, formatFullDay(effectiveDate))}
          </option>
        ))}
      </select>
    </div>
  );
}
