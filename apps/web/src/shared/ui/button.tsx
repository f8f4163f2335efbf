import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';

type Variant = 'primary' | 'secondary' | 'neutral';

interface LookProps {
  variant?: Variant;
  /** Full width, 52 px: the one main action of a screen. */
  block?: boolean;
}

function classesFor({ variant = 'primary', block = false }: LookProps, extra?: string): string {
  return [styles.button, styles[variant], block ? styles.block : undefined, extra].filter(Boolean).join(' ');
}

export function Button({
  variant,
  block,
  className,
  type = 'button',
  ...props
}: LookProps & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={classesFor({ variant, block }, className)} {...props} />;
}

/** A link that looks like a button, for actions that move to another screen. */
export function ButtonLink({ variant, block, className, ...props }: LookProps & LinkProps) {
  return <Link className={classesFor({ variant, block }, className)} {...props} />;
}
