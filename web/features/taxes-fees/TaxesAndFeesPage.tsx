import '@mantine/core/styles/EmptyState.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { TaxOrFeeResponse } from '../../../common/taxes-fees';
import { errorMessage } from '../../components/api-error';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { isForbidden, NoPermissionPage, RequirePermission } from '../../components/NoPermission';
import { notify } from '../../components/notify';
import { PlusIcon } from '../../components/organizer-icons';
import { useAccount } from '../accounts/api';
import { useDeleteTaxOrFee, useTaxesAndFees } from './api';
import { PercentIcon } from './icons';
import { TaxesAndFeesTable } from './TaxesAndFeesTable';
import { TaxOrFeeModal } from './TaxOrFeeModal';

/** `/account/taxes-and-fees` (ADMIN): the taxes and fees tickets of the account can apply. */
export function TaxesAndFeesPage() {
  return (
    <RequirePermission permission="account.manage">
      <TaxesAndFees />
    </RequirePermission>
  );
}

function TaxesAndFees() {
  const { t } = useLingui();
  const account = useAccount();
  const list = useTaxesAndFees();
  const remove = useDeleteTaxOrFee();
  // The modal keeps what it showed while it closes; `opened` says whether it is up.
  const [editing, setEditing] = useState<{ opened: boolean; item: TaxOrFeeResponse | null }>({
    opened: false,
    item: null,
  });
  const [deleting, setDeleting] = useState<TaxOrFeeResponse | null>(null);
  const open = (item: TaxOrFeeResponse | null) => setEditing({ opened: true, item });
  const title = <title>{`${t`Taxes and fees`} · Tessera`}</title>;

  const failed = account.error ?? list.error;
  if (failed && isForbidden(failed)) return <NoPermissionPage />;
  const deletingName = deleting?.name ?? '';

  return (
    <Stack gap="md">
      {title}
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} maw={640}>
          <Title order={2} fz="lg">
            <Trans>Taxes and fees</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>
              Add them here, then choose on each ticket which ones apply. Fees are computed on the ticket
              price after any discount; taxes on that price, and on the fees too when a tax is set to.
            </Trans>
          </Text>
        </Stack>
        {list.data && list.data.length > 0 ? (
          <Button leftSection={<PlusIcon size={16} />} onClick={() => open(null)} disabled={!account.data}>
            <Trans>Add a tax or fee</Trans>
          </Button>
        ) : null}
      </Group>

      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        {list.isPending || account.isPending ? (
          <InlineLoader />
        ) : list.isError || account.isError ? (
          <Stack gap="sm" p="md">
            <ErrorAlert error={failed} title={t`Could not load the taxes and fees`} />
            <Button
              variant="default"
              w="fit-content"
              onClick={() => Promise.all([account.refetch(), list.refetch()])}
            >
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        ) : list.data.length === 0 ? (
          <EmptyState icon={<PercentIcon />} variant="light" py="xl">
            <EmptyState.Title order={3}>
              <Trans>No taxes or fees yet</Trans>
            </EmptyState.Title>
            <EmptyState.Description>
              <Trans>
                Add VAT, a sales tax or a booking fee once, and use it on any ticket of the account.
              </Trans>
            </EmptyState.Description>
            <EmptyState.Actions>
              <Button leftSection={<PlusIcon size={16} />} onClick={() => open(null)}>
                <Trans>Add a tax or fee</Trans>
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <TaxesAndFeesTable
            items={list.data}
            currency={account.data.currency}
            onEdit={open}
            onDelete={(item) => {
              remove.reset();
              setDeleting(item);
            }}
          />
        )}
      </Paper>

      {account.data ? (
        <TaxOrFeeModal
          opened={editing.opened}
          taxOrFee={editing.item}
          currency={account.data.currency}
          onClose={() => setEditing((current) => ({ ...current, opened: false }))}
        />
      ) : null}
      <ConfirmModal
        opened={deleting !== null}
        title={t`Delete ${deletingName}?`}
        confirmLabel={t`Delete`}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: (answer) => {
              setDeleting(null);
              notify(answer.message);
            },
            onError: (error) => {
              setDeleting(null);
              notify(errorMessage(error), 'error');
            },
          });
        }}
      >
        <Trans>Tickets that apply it will stop doing so. This cannot be undone.</Trans>
      </ConfirmModal>
    </Stack>
  );
}
