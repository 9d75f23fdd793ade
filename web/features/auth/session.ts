import { useQueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '../../../common/auth';
import { isLocale } from '../../../common/i18n/locales';
import { queryKeys } from '../../api/query-keys';
import { changeLocale, i18n } from '../../i18n';

/**
 * What happens when a session starts (login, registration, accepted invitation): whatever
 * another session left in the cache goes, the user from the answer becomes `users/me`, and
 * the language saved on the user is applied (a logged-in user's own setting wins over the browser's).
 */
export function useStartSession(): (session: SessionResponse) => Promise<void> {
  const queryClient = useQueryClient();
  return async (session) => {
    // Not `clear()`: the page that started the session still shows its own query (the
    // invitation), which would be fetched again (and found used) before the navigation.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    queryClient.setQueryData(queryKeys.me, session.user);
    const locale = session.user.locale;
    if (isLocale(locale) && locale !== i18n.locale) await changeLocale(locale).catch(() => undefined);
  };
}
