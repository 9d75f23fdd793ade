import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BillingResponse } from '../../../common/billing';
import { formatMoney, formatPercent } from '../../../common/money';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { isForbidden, NoPermissionPage, RequirePermission } from '../../components/NoPermission';
import { notify } from '../../components/notify';
import { Section } from '../../components/Section';
import { billingQuery, downloadStatement } from './api';

/** `/account/billing` (ADMIN): the platform fee, and per month what card payments brought and cost. */
export function BillingPage() {
  return (
    <RequirePermission permission="billing.manage">
      <Billing />
    </RequirePermission>
  );
}

function Billing() {
  const { t } = useLingui();
  const billing = useQuery(billingQuery);
  const title = <title>{`${t`Billing`} · Tessera`}</title>;
  if (billing.isPending) return <InlineLoader label={t`Loading the billing`} />;
  if (billing.isError) {
    if (isForbidden(billing.error)) return <NoPermissionPage />;
    return (
      <Stack gap="sm">
        {title}
        <ErrorAlert error={billing.error} title={t`Could not load the billing`} />
        <Button variant="default" w="fit-content" onClick={() => billing.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {title}
      <Fee percent={billing.data.platform_fee_percent} />
      <Months months={billing.data.months} />
    </Stack>
  );
}

function Fee({ percent }: { percent: number }) {
  const { t, i18n } = useLingui();
  const shown = formatPercent(String(percent), i18n.locale);
  return (
    <Section title={t`Platform fee`}>
      <Text size="sm" data-testid="platform-fee">
        {percent > 0 ? (
          <Trans>
            The platform takes <strong>{shown}</strong> of each card payment, as an application fee through
            Stripe. A refund gives back the same share of what it returns.
          </Trans>
        ) : (
          <Trans>The platform takes no fee on card payments.</Trans>
        )}
      </Text>
      <Text size="sm" c="dimmed">
        <Trans>
          Stripe’s own processing fees come on top; both are shown as Stripe reported them for each payment.
        </Trans>
      </Text>
    </Section>
  );
}

/** A month as the interface language writes it: "February 2031". */
function useMonthName() {
  const { i18n } = useLingui();
  const format = new Intl.DateTimeFormat(i18n.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (month: string) => format.format(new Date(`${month}-01T00:00:00Z`));
}

function Months({ months }: { months: BillingResponse['months'] }) {
  const { t, i18n } = useLingui();
  const monthName = useMonthName();
  const [busy, setBusy] = useState<string | null>(null);
  const download = (month: string) => {
    setBusy(month);
    downloadStatement(month)
      .catch(() => notify(t`The statement could not be downloaded. Please try again.`, 'error'))
      .finally(() => setBusy(null));
  };
  return (
    <Section
      title={t`Card payments by month`}
      description={t`Months in UTC, newest first. Platform fees are net of what refunds gave back.`}
    >
      {months.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No card payments yet. Once buyers pay by card, each month’s figures show here.</Trans>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={820} type="native">
          <Table verticalSpacing="sm" aria-label={t`Card payments by month`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t`Month`}</Table.Th>
                <Table.Th scope="col" ta="right">{t`Card sales`}</Table.Th>
                <Table.Th scope="col" ta="right">{t`Refunds`}</Table.Th>
                <Table.Th scope="col" ta="right">{t`Platform fees`}</Table.Th>
                <Table.Th scope="col" ta="right">{t`Stripe fees`}</Table.Th>
                <Table.Th scope="col" ta="right">{t`Net`}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{t`Statement`}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {months.flatMap(({ month, figures }) =>
                figures.map((f, index) => {
                  const money = (minor: number) => formatMoney(minor, f.currency, i18n.locale);
                  const name = monthName(month);
                  return (
                    <Table.Tr key={`${month}-${f.currency}`} data-month={month}>
                      <Table.Th scope="row" fw={index === 0 ? 600 : 400}>
                        {name}
                        {figures.length > 1 ? ` · ${f.currency}` : ''}
                      </Table.Th>
                      <Table.Td ta="right">{money(f.card_sales)}</Table.Td>
                      <Table.Td ta="right">{f.refunds > 0 ? `−${money(f.refunds)}` : money(0)}</Table.Td>
                      <Table.Td ta="right">{money(f.platform_fees)}</Table.Td>
                      <Table.Td ta="right">{money(f.stripe_fees)}</Table.Td>
                      <Table.Td ta="right" fw={600}>
                        {money(f.net)}
                      </Table.Td>
                      <Table.Td>
                        {index === 0 ? (
                          <Anchor
                            component="button"
                            type="button"
                            size="sm"
                            disabled={busy === month}
                            aria-busy={busy === month}
                            onClick={() => download(month)}
                          >
                            <Trans>Download statement (CSV)</Trans>
                            <VisuallyHidden>{`, ${name}`}</VisuallyHidden>
                          </Anchor>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  );
                }),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
