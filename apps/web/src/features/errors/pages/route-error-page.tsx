import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { UnexpectedPage } from './unexpected-page.tsx';

/** A screen threw while rendering (or its chunk failed to load): log it and show the 500 page in its place. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('[route] a screen failed', error);
  }, [error]);
  return <UnexpectedPage />;
}

/** The same, when the app frame itself failed: it brings its own main landmark. */
export function RootErrorPage() {
  return (
    <main>
      <RouteErrorPage />
    </main>
  );
}
