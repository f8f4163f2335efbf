import { Component, useEffect, type ReactNode } from 'react';
import { BOUNDARY_ERROR_EVENT } from '@/shared/api/last-failure.ts';
import { useLocation } from '@/shared/routing/location.ts';
import { UnexpectedPage } from './unexpected-page.tsx';

/**
 * A screen threw while rendering (or its chunk failed to load): log it, report it to the server
 * and show the 500 page in its place (which names the last failed call's id).
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  useEffect(() => {
    console.error('[route] a screen failed', error);
    // The reporter (loaded after the first paint) sends it to the server.
    dispatchEvent(new CustomEvent(BOUNDARY_ERROR_EVENT, { detail: error }));
  }, [error]);
  return <UnexpectedPage />;
}

/** The same, when the app frame itself failed: it brings its own main landmark. */
export function RootErrorPage({ error }: { error: unknown }) {
  return (
    <main>
      <RouteErrorPage error={error} />
    </main>
  );
}

class ErrorBoundary extends Component<
  { children: ReactNode; fallback: (error: unknown) => ReactNode },
  { error: unknown; failed: boolean }
> {
  override state = { error: undefined as unknown, failed: false };
  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/** Around the screens: a failing screen shows the 500 page; going elsewhere tries again. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname} fallback={(error) => <RouteErrorPage error={error} />}>
      {children}
    </ErrorBoundary>
  );
}

/** Around the frame (and the console): the last line, with its own main landmark. */
export function RootErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={(error) => <RootErrorPage error={error} />}>{children}</ErrorBoundary>;
}
