import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '@/shared/api/query-client.ts';
import { PwaHost } from '@/shared/pwa/pwa-host.tsx';
import { ToastProvider } from '@/shared/ui/toast.tsx';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        {children}
        <PwaHost />
      </ToastProvider>
    </QueryClientProvider>
  );
}
