import { useLayoutEffect, type AnchorHTMLAttributes, type MouseEvent, type Ref } from 'react';
import { navigate } from './location.ts';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An app path (with its search); drawn as the anchor's href. */
  to: string;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

const modified = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

/**
 * An anchor to an app path that moves without reloading the page. A press with a modifier key, a
 * middle click or a link with another target (`_blank`) is left to the browser.
 */
export function Link({ to, replace, onClick, target, ...props }: LinkProps) {
  return (
    <a
      {...props}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || modified(event) || (target && target !== '_self')) return;
        event.preventDefault();
        navigate(to, { replace });
      }}
    />
  );
}

/** Goes to `to` as soon as it is drawn (a redirect). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  useLayoutEffect(() => {
    navigate(to, { replace });
  }, [to, replace]);
  return null;
}
