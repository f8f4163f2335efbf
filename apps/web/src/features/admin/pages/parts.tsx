import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type ReactNode,
} from 'react';
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

/**
 * A write of the console: its pending state and its error (kept off TanStack's mutation observer,
 * which would otherwise be split out of the app's first load into a chunk shared with the console).
 */
export function useAction<Args extends unknown[], Result>(
  action: (...args: Args) => Promise<Result>,
  onSuccess?: (result: Result) => void,
) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(
    async (...args: Args) => {
      setPending(true);
      setError(null);
      try {
        const result = await action(...args);
        onSuccess?.(result);
      } catch (caught) {
        setError(caught);
      } finally {
        setPending(false);
      }
    },
    [action, onSuccess],
  );
  return { run, pending, error };
}

export type Loaded<T> =
  { state: 'pending' } | { state: 'error'; error: unknown } | { state: 'done'; data: T };

/**
 * Loads data for a console screen again whenever `deps` change or `reload` is called. The console
 * keeps off TanStack Query on purpose: sharing it with the app would split the app's first-load
 * chunks into more, larger requests (measured: +1.4 KiB gzip).
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'pending' });
  const [round, setRound] = useState(0);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    let current = true;
    latest.current().then(
      (data) => current && setLoaded({ state: 'done', data }),
      (error: unknown) => current && setLoaded({ state: 'error', error }),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what the load depends on
  }, [round, ...deps]);
  return { loaded, reload: useCallback(() => setRound((value) => value + 1), []) };
}

/** Asks the console to read its session again (after a login). */
export const SessionReload = createContext<() => void>(() => undefined);
export const useSessionReload = () => useContext(SessionReload);

/** A loaded screen part: the loading line, the failure, the empty text, or what the data draws. */
export function LoadedView<T>(props: {
  loaded: Loaded<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { loaded } = props;
  if (loaded.state === 'pending') return <p role="status">{m.loading}</p>;
  if (loaded.state === 'error') return <p role="alert">{m.failed}</p>;
  if (props.isEmpty?.(loaded.data)) return <p>{props.empty}</p>;
  return props.children(loaded.data);
}
