import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from '@/shared/routing/link.tsx';
import styles from './button.module.css';

type Variant = 'primary' | 'secondary' | 'neutral' | 'danger' | 'dangerSoft';

export interface LookProps {
  variant?: Variant;
  /** Full width, 52 px: the one main action of a screen. */
  block?: boolean;
}

/** The button look as a class list, for Base UI parts that render their own button. */
export function buttonClasses({ variant = 'primary', block = false }: LookProps, extra?: string): string {
  return [styles.button, styles[variant], block ? styles.block : undefined, extra].filter(Boolean).join(' ');
}

interface ButtonProps extends LookProps, ButtonHTMLAttributes<HTMLButtonElement> {
  /**
   * Work is under way: the button ignores presses but keeps keyboard focus (a disabled button
   * would drop it), and says so to screen readers.
   */
  busy?: boolean;
}

export function Button({
  variant,
  block,
  className,
  type = 'button',
  busy = false,
  onClick,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses({ variant, block }, className)}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={busy ? (event) => event.preventDefault() : onClick}
      {...props}
    />
  );
}

/** A link that looks like a button, for actions that move to another screen. */
export function ButtonLink({ variant, block, className, ...props }: LookProps & LinkProps) {
  return <Link className={buttonClasses({ variant, block }, className)} {...props} />;
}
