import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

interface TabsProps<T extends string> {
  /** The tabs in order, by value. */
  values: readonly T[];
  value: T;
  onValueChange: (value: T) => void;
  /** Each tab's visible name. */
  labels: Record<T, string>;
  /** The tab list's name ("순위 보기"). */
  label: string;
  listClassName?: string;
  tabClassName?: string;
  panelClassName?: string;
  /** The selected tab's panel (only it is drawn). */
  children: ReactNode;
}

/**
 * Tabs of a list page (WAI-ARIA tabs pattern: the selected tab is the one in the tab order, the arrow
 * keys, Home and End move to a tab and select it, the panel follows). Base UI's Tabs measured the
 * list at mount to scroll the selected tab into view (a layout forced inside React's commit: 17 ms of
 * the ranking page's first render, unthrottled), for a list that never scrolls here (decision 049).
 */
export function Tabs<T extends string>({
  values,
  value,
  onValueChange,
  labels,
  label,
  listClassName,
  tabClassName,
  panelClassName,
  children,
}: TabsProps<T>) {
  const id = useId();
  const tabs = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (key: T) => `${id}-tab-${key}`;
  const onKeyDown = (event: KeyboardEvent) => {
    const index = values.indexOf(value);
    const next = {
      ArrowRight: values[(index + 1) % values.length],
      ArrowLeft: values[(index - 1 + values.length) % values.length],
      Home: values[0],
      End: values[values.length - 1],
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onValueChange(next);
    tabs.current.get(next)?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={label} className={listClassName} onKeyDown={onKeyDown}>
        {values.map((key) => (
          <button
            key={key}
            ref={(element) => {
              if (element) tabs.current.set(key, element);
              else tabs.current.delete(key);
            }}
            type="button"
            role="tab"
            id={tabId(key)}
            aria-selected={key === value}
            aria-controls={key === value ? `${id}-panel` : undefined}
            tabIndex={key === value ? 0 : -1}
            className={tabClassName}
            onClick={() => onValueChange(key)}
          >
            {labels[key]}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={tabId(value)}
        tabIndex={0}
        className={panelClassName}
      >
        {children}
      </div>
    </>
  );
}
