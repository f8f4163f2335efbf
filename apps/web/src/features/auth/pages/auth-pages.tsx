import { messages } from '../../../shared/messages.ts';
import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

/** Login screens that arrive with the login feature. Each keeps a way back to the login page. */

const backToLogin = { label: messages.auth.backToLogin, to: '/login/auth' };

export function LoginCallbackPage() {
  return <ComingSoonPage title={messages.pages.loginCallback} action={backToLogin} />;
}

export function LoginAgreementPage() {
  return <ComingSoonPage title={messages.pages.loginAgreement} backTo="/login/auth" action={backToLogin} />;
}

export function ChildrenLoginPage() {
  return <ComingSoonPage title={messages.pages.loginChildren} backTo="/login/auth" action={backToLogin} />;
}

export function ChildRegisterPage() {
  return <ComingSoonPage title={messages.pages.loginChildRegister} action={backToLogin} />;
}

export function ChildPasswordPage() {
  return <ComingSoonPage title={messages.pages.loginChildPassword} action={backToLogin} />;
}
