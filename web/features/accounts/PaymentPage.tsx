import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ConnectionStatus, PaymentConnectionResponse } from '../../../common/payments';
import { errorMessage } from '../../components/api-error';
import { RequirePermission } from '../../components/NoPermission';
import { QueryPage } from '../../components/QueryPage';
import { Section } from '../../components/Section';
import { paymentConnectionQuery, useConnectStripe } from './api';

/** `/account/payment` (ADMIN): connect the account's Stripe account to take card payments. */
export function PaymentPage() {
  return (
    <RequirePermission permission="payments.manage">
      <Payment />
    </RequirePermission>
  );
}

const STATUS_COLOR: Record<ConnectionStatus, string> = {
  NOT_CONNECTED: 'gray',
  SETUP_INCOMPLETE: 'orange',
  CONNECTED: 'teal',
};

function Payment() {
  const { t } = useLingui();
  return (
    <QueryPage
      query={useQuery(paymentConnectionQuery)}
      pageTitle={t`Payments`}
      errorTitle={t`Could not load the payment settings`}
    >
      {(connection) => <Connection connection={connection} />}
    </QueryPage>
  );
}

function Connection({ connection }: { connection: PaymentConnectionResponse }) {
  const { t } = useLingui();
  const connect = useConnectStripe();
  const [params] = useSearchParams();
  const back = params.get('stripe');
  const stripeAccount = connection.stripe_account_id;
  const label: Record<ConnectionStatus, string> = {
    NOT_CONNECTED: t`Not connected`,
    SETUP_INCOMPLETE: t`Setup incomplete`,
    CONNECTED: t`Connected`,
  };
  const start = () =>
    connect.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
    });

  return (
    <Section
      title={t`Card payments`}
      description={t`Buyers pay by card through Stripe, straight into your own Stripe account. Card details never reach Tessera.`}
    >
      {!connection.available ? (
        <Alert color="orange" title={t`Card payments are not set up on this server`}>
          <Trans>
            Whoever runs this Tessera server can enable them by setting STRIPE_SECRET_KEY,
            STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET. Until then, events can still take offline
            payments (bank transfer, cash), set per event.
          </Trans>
        </Alert>
      ) : (
        <Stack gap="md">
          <Text>
            <Trans>Status:</Trans>{' '}
            <Badge
              color={STATUS_COLOR[connection.status]}
              variant="dot"
              tt="none"
              data-testid="connection-status"
            >
              {label[connection.status]}
            </Badge>
          </Text>
          {connection.status === 'CONNECTED' ? (
            <Text>
              <Trans>
                Your events can take card payments. Payouts go to the bank account you gave Stripe.
              </Trans>
            </Text>
          ) : connection.status === 'SETUP_INCOMPLETE' ? (
            <Text>
              {back === 'return' ? (
                <Trans>Stripe still needs some details before you can take payments. </Trans>
              ) : null}
              <Trans>Finish the setup on Stripe to start taking card payments.</Trans>
            </Text>
          ) : (
            <Text>
              <Trans>
                Connect a Stripe account to sell paid tickets by card. You will be sent to Stripe to create
                one or to log in, and brought back here.
              </Trans>
            </Text>
          )}
          {stripeAccount ? (
            <List size="sm" spacing={4}>
              <List.Item>
                <Trans>Stripe account: {stripeAccount}</Trans>
              </List.Item>
              <List.Item>
                {connection.charges_enabled ? (
                  <Trans>Charges enabled</Trans>
                ) : (
                  <Trans>Charges not enabled yet</Trans>
                )}
              </List.Item>
              <List.Item>
                {connection.payouts_enabled ? (
                  <Trans>Payouts enabled</Trans>
                ) : (
                  <Trans>Payouts not enabled yet</Trans>
                )}
              </List.Item>
            </List>
          ) : null}
          {connection.status !== 'CONNECTED' ? (
            <Button w="fit-content" loading={connect.isPending} onClick={start}>
              {connection.status === 'NOT_CONNECTED' ? (
                <Trans>Connect with Stripe</Trans>
              ) : (
                <Trans>Continue the setup on Stripe</Trans>
              )}
            </Button>
          ) : null}
          {connect.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(connect.error)}
            </Alert>
          ) : null}
        </Stack>
      )}
    </Section>
  );
}
