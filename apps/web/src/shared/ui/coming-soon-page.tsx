import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { messages } from '../messages.ts';
import { EmptyState } from './empty-state.tsx';
import { Page } from './page.tsx';

interface ComingSoonPageProps {
  title: string;
  backTo?: string;
  description?: ReactNode;
  /** The one way out; home by default. */
  action?: { label: string; to: string };
}

/** An honest stand-in for a screen whose feature is not built yet. */
export function ComingSoonPage({
  title,
  backTo,
  description,
  action = { label: messages.common.goHome, to: '/home' },
}: ComingSoonPageProps) {
  return (
    <Page title={title} backTo={backTo} description={description}>
      <EmptyState icon={Construction} message={messages.empty.comingSoon} action={action} />
    </Page>
  );
}
