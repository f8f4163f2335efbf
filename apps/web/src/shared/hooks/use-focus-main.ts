import { useEffect } from 'react';

/**
 * A screen that replaced the one the person was using (a form became its result): focus moves to
 * the main region so keyboard and screen-reader users start reading it from the top.
 */
export function useFocusMainOnMount(): void {
  useEffect(() => {
    const main = document.getElementById('main');
    main?.focus();
    window.scrollTo({ top: 0 });
  }, []);
}
