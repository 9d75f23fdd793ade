import { queryOptions, useMutation } from '@tanstack/react-query';
import type { PaymentConnectionResponse } from '../../../common/payments';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn } from '../../api/token';

/** `GET accounts/payment`: whether the account can take card payments. */
export const paymentConnectionQuery = queryOptions({
  queryKey: queryKeys.paymentConnection,
  queryFn: ({ signal }) => apiFetch<PaymentConnectionResponse>('/accounts/payment', { signal }),
  ...whileLoggedIn,
});

/** Starts or resumes Stripe onboarding; the page then sends the admin to Stripe's link. */
export const useConnectStripe = () =>
  useMutation({
    mutationFn: () => apiFetch<{ url: string }>('/accounts/payment/stripe/connect', { method: 'POST' }),
  });
