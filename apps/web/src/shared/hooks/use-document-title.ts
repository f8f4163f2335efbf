import { useEffect } from 'react';
import { messages } from '../messages.ts';

/** Names the browser tab after the page, so screen readers announce where a navigation landed. */
export function useDocumentTitle(pageTitle: string): void {
  useEffect(() => {
    document.title = messages.app.documentTitle(pageTitle);
  }, [pageTitle]);
}
