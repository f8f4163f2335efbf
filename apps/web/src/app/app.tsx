import { useEffect } from 'react';
import { pressEarlyTap } from './early-tap.ts';
import { Providers } from './providers.tsx';
import { AppRoutes } from './router.tsx';

export function App() {
  // After the first commit: the page the server drew is the app's now, and answers taps.
  useEffect(pressEarlyTap, []);
  return (
    <Providers>
      <AppRoutes />
    </Providers>
  );
}
