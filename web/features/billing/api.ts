import { queryOptions } from '@tanstack/react-query';
import type { BillingResponse } from '../../../common/billing';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn } from '../../api/token';
import { downloadExport } from '../../components/export-download';

export const billingQuery = queryOptions({
  queryKey: queryKeys.billing,
  queryFn: ({ signal }) => apiFetch<BillingResponse>('/accounts/billing', { signal }),
  ...whileLoggedIn,
});

/** Saves one month's CSV statement (fetched with the bearer token, then handed to the browser). */
export const downloadStatement = (month: string) =>
  downloadExport(
    `/accounts/billing/statements/${month}.csv`,
    {},
    'csv',
    `tessera-statement-${month}`,
    () => undefined,
  );
