import { queryOptions } from '@tanstack/react-query';
import type { BillingResponse } from '../../../common/billing';
import { apiFetch, apiUrl } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { getToken, whileLoggedIn } from '../../api/token';
import { filenameFromDisposition, saveBlob } from '../../components/download';
import { i18n } from '../../i18n';

export const billingQuery = queryOptions({
  queryKey: queryKeys.billing,
  queryFn: ({ signal }) => apiFetch<BillingResponse>('/accounts/billing', { signal }),
  ...whileLoggedIn,
});

/**
 * Saves one month's CSV statement. The file needs the bearer token, so it is fetched and then
 * handed to the browser.
 */
export async function downloadStatement(month: string): Promise<void> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (i18n.locale) headers['Accept-Language'] = i18n.locale;
  const response = await fetch(apiUrl(`/accounts/billing/statements/${month}.csv`), {
    headers,
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`Statement answered ${response.status}`);
  const name = filenameFromDisposition(
    response.headers.get('content-disposition'),
    `tessera-statement-${month}.csv`,
  );
  saveBlob(await response.blob(), name);
}
