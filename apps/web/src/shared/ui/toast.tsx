import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * Toasts: results of an action ("자녀 계정을 만들었어요") from anywhere in the app. The drawing part
 * (Base UI's toast, about 12 KB gzip in eleven files and a stylesheet) is its own chunk, loaded at the
 * first toast: a page nobody acts on never loads it (issue 12; it was loaded when the page went idle,
 * eleven requests and their evaluation inside every page's load, issue 30).
 */
export type ToastSink = (message: string) => void;

let sink: ToastSink | null = null;
const pending: string[] = [];
let requestViewport: (() => void) | null = null;

/** Shows a short result message; it leaves by itself after a few seconds. */
export function showToast(message: string): void {
  if (sink) {
    sink(message);
    return;
  }
  pending.push(message);
  requestViewport?.();
}

/** The viewport, once mounted, takes the toasts asked for before it and every later one. */
export function takePendingToasts(next: ToastSink): () => void {
  sink = next;
  for (const message of pending.splice(0)) next(message);
  return () => {
    if (sink === next) sink = null;
  };
}

const ToastViewport = lazy(() => import('./toast-viewport.tsx'));

/** Renders the app, and the toast viewport once it is wanted. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(pending.length > 0);
  useEffect(() => {
    const want = () => setWanted(true);
    requestViewport = want;
    // A toast asked for between the first render and this effect.
    if (pending.length > 0) want();
    return () => {
      if (requestViewport === want) requestViewport = null;
    };
  }, []);
  return (
    <>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <ToastViewport takePendingToasts={takePendingToasts} />
        </Suspense>
      )}
    </>
  );
}
