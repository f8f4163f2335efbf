import type { LogPagesService } from '../identity/log-pages.service.ts';

/** Activity and login logs for support, newest first; read only. The pages are identity's. */
export function createAdminLogsService(deps: { logPages: LogPagesService }) {
  const { logPages } = deps;
  return {
    activity: (input: Parameters<LogPagesService['activity']>[0]) => logPages.activity(input),
    login: (input: Parameters<LogPagesService['login']>[0]) => logPages.login(input),
  };
}
