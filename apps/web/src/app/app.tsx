import { Providers } from './providers.tsx';
import { AppRoutes } from './router.tsx';

export function App() {
  return (
    <Providers>
      <AppRoutes />
    </Providers>
  );
}
