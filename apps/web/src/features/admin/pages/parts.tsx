import type { UseQueryResult } from '@tanstack/react-query';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from '../admin.module.css';
import { adminMessages as m } from '@/shared/messages/admin.ts';

export function Pager(props: {
  offset: number;
  size: number;
  total: number;
  onOffset: (offset: number) => void;
}) {
  const { offset, size, total, onOffset } = props;
  if (total <= size) return null;
  return (
    <div className={styles.pager}>
      <span>{m.page(offset + 1, Math.min(offset + size, total), total)}</span>
      <AdminButton
        variant="secondary"
        disabled={offset === 0}
        onClick={() => onOffset(Math.max(0, offset - size))}
      >
        {m.prev}
      </AdminButton>
      <AdminButton
        variant="secondary"
        disabled={offset + size >= total}
        onClick={() => onOffset(offset + size)}
      >
        {m.next}
      </AdminButton>
    </div>
  );
}

/** A console button: the app's look, without pulling the app's button into a shared chunk. */
export function AdminButton({
  variant = 'primary',
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'danger' }) {
  return (
    <button type="button" className={`${styles.button} ${styles[variant]} ${className ?? ''}`} {...props} />
  );
}

/** A loaded screen part: the loading line, the failure, the empty text, or what the data draws. */
export function LoadedView<T>(props: {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  if (query.status === 'pending') return <p role="status">{m.loading}</p>;
  if (query.status === 'error') return <p role="alert">{m.failed}</p>;
  if (props.isEmpty?.(query.data)) return <p>{props.empty}</p>;
  return props.children(query.data);
}
