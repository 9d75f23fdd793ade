import { ConnectStripeResponse, PaymentConnectionResponse } from '../../../common/payments';
import type { App } from '../../app';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import { connectStripe, getPaymentConnection } from './connection';

const tags = ['payments'];
const security = [{ bearerAuth: [] }];

/** The account's card payment connection (Stripe Connect), for its admins. */
export async function paymentRoutes(app: App): Promise<void> {
  const admins = { preHandler: [authenticate, authorize('payments.manage')] };

  app.get(
    '/api/accounts/payment',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'Whether the account can take card payments',
        response: { 200: PaymentConnectionResponse, ...errorResponses(401, 403, 502) },
      },
    },
    async (request) => getPaymentConnection(app.db, app.stripe, authOf(request).accountId),
  );

  app.post(
    '/api/accounts/payment/stripe/connect',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'Start or resume Stripe onboarding: answers the link to send the admin to',
        response: { 200: ConnectStripeResponse, ...errorResponses(401, 403, 409, 502) },
      },
    },
    async (request) => connectStripe(app.db, app.stripe, authOf(request).accountId, app.config.appUrl),
  );
}
