import { Radio } from '@base-ui/react/radio';
import { RadioGroup } from '@base-ui/react/radio-group';
import type { ReactNode } from 'react';
import styles from './radio.module.css';

export interface RadioChoice {
  value: string;
  label: ReactNode;
  /** A second, quieter line under the label. */
  description?: ReactNode;
}

/**
 * The app's radio buttons (Base UI Radio): one choice per row, the whole row picks it, the chosen row
 * tinted with the brand color; arrow keys move between rows, one tab stop. Labelled by the element
 * `labelledBy` names (a legend or heading beside it).
 */
export function RadioChoices({
  labelledBy,
  value,
  onValueChange,
  choices,
  name,
}: {
  labelledBy: string;
  value: string;
  onValueChange: (value: string) => void;
  choices: readonly RadioChoice[];
  name?: string;
}) {
  return (
    <RadioGroup
      value={value}
      onValueChange={(next) => onValueChange(String(next))}
      className={styles.choices}
      aria-labelledby={labelledBy}
      name={name}
    >
      {choices.map((choice) => (
        <label key={choice.value} className={styles.choice}>
          <Radio.Root value={choice.value} className={styles.dot}>
            <Radio.Indicator className={styles.indicator} />
          </Radio.Root>
          <span className={styles.text}>
            <span className={styles.label}>{choice.label}</span>
            {choice.description !== undefined && (
              <span className={styles.description}>{choice.description}</span>
            )}
          </span>
        </label>
      ))}
    </RadioGroup>
  );
}
