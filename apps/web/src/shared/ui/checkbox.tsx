import { Checkbox } from '@base-ui/react/checkbox';
import { Check, Minus } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './checkbox.module.css';

type RootProps = Pick<
  Checkbox.Root.Props,
  'value' | 'name' | 'checked' | 'defaultChecked' | 'onCheckedChange' | 'parent' | 'disabled' | 'id'
>;

interface CheckboxItemProps extends RootProps {
  /** The text beside the box; the whole row toggles it. */
  label: ReactNode;
  /** Larger, bold row: the "전체 동의" of a consent list. */
  emphasis?: boolean;
}

/** A 24 px box in a 44 px tall row, labelled by its text (Base UI Checkbox). */
export function CheckboxItem({ label, emphasis = false, ...rootProps }: CheckboxItemProps) {
  return (
    <label className={`${styles.item} ${emphasis ? styles.emphasis : ''}`}>
      <Checkbox.Root className={styles.box} {...rootProps}>
        <Checkbox.Indicator
          className={styles.indicator}
          render={(props, state) => (
            <span {...props}>
              {state.indeterminate ? (
                <Minus aria-hidden="true" size={16} strokeWidth={3} />
              ) : (
                <Check aria-hidden="true" size={16} strokeWidth={3} />
              )}
            </span>
          )}
        />
      </Checkbox.Root>
      <span className={styles.text}>{label}</span>
    </label>
  );
}
