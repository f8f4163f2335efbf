import { messages } from '@/shared/messages.ts';
import { Page } from '@/shared/ui/page.tsx';
import { MyHome } from '../components/my-home.tsx';
import { useSignedInUser } from '../hooks/use-signed-in-user.ts';

/**
 * /my (spec §2), a chunk of its own: the other my pages' forms and sheets (my-pages.tsx) are not
 * evaluated when it opens (decision 049).
 */
export function MyPage() {
  const user = useSignedInUser();
  return <Page title={messages.pages.my}>{user && <MyHome user={user} />}</Page>;
}
