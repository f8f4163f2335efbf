// The DOM build of the provider: it can commit a navigation at once (flushSync), which logout and expiry use.
import { RouterProvider } from 'react-router/dom';
import { Providers } from './providers.tsx';
import { router } from './router.tsx';

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
