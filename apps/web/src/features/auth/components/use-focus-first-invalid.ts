import { useEffect, useRef, useState } from 'react';

/**
 * After a refused submit, focus goes to the first thing to fix: an unticked required box of a group
 * marked `data-invalid`, else the first input marked invalid.
 */
export function useFocusFirstInvalid() {
  const formRef = useRef<HTMLFormElement>(null);
  const [request, setRequest] = useState(0);

  useEffect(() => {
    if (request === 0) return;
    formRef.current
      ?.querySelector<HTMLElement>(
        '[role="group"][data-invalid] [role="checkbox"][aria-checked="false"], input[aria-invalid="true"]',
      )
      ?.focus();
  }, [request]);

  return {
    formRef,
    // Asked after the current task: react-hook-form draws a refused submit's errors after it has
    // called back, and the first thing to fix is found among the drawn ones.
    focusFirstInvalid: () => void setTimeout(() => setRequest((count) => count + 1)),
  };
}
