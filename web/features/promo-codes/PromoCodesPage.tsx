import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Input.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, EmptyState, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { EventResponse } from '../../../common/events';
import type { PromoCodeResponse } from '../../../common/promo-codes';
import { errorMessage } from '../../components/api-error';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { isForbidden, NoPermissionPage } from '../../components/NoPermission';
import { notify } from '../../components/notify';
import { PlusIcon, SearchIcon } from '../../components/organizer-icons';
import { useEvent } from '../events/api';
import { useEventId } from '../events/EventLayout';
import { useTicketChoices } from '../tickets/api';
import { useDeletePromoCode, usePromoCodes } from './api';
import { promoLink } from './form';
import { TagIcon } from './icons';
import { PromoCodeModal } from './PromoCodeModal';
import { PromoCodesTable } from './PromoCodesTable';

/** `/manage/event/:eventId/promo-codes`: the event's discount and unlock codes. */
export function PromoCodesPage() {
  const { t } = useLingui();
  const event = useEvent(useEventId() ?? 0);
  // The event layout says when the event cannot be loaded.
  if (event.isPending || event.isError) return <InlineLoader label={t`Loading promo codes`} />;
  return <PromoCodes event={event.data} />;
}

function PromoCodes({ event }: { event: EventResponse }) {
  const { t } = useLingui();
  const codes = usePromoCodes(event.id);
  const tickets = useTicketChoices(event.id);
  const remove = useDeletePromoCode(event.id);
  const [search, setSearch] = useState('');
  // The modal keeps what it showed while it closes; `opened` says whether it is up.
  const [editing, setEditing] = useState<{ opened: boolean; code: PromoCodeResponse | null }>({
    opened: false,
    code: null,
  });
  const [deleting, setDeleting] = useState<PromoCodeResponse | null>(null);
  const open = (code: PromoCodeResponse | null) => setEditing({ opened: true, code });

  const ticketTitles = useMemo(
    () => (tickets.data ? new Map(tickets.data.map((ticket) => [ticket.id, ticket.title])) : undefined),
    [tickets.data],
  );
  const needle = search.trim().toUpperCase();
  const shown = (codes.data ?? []).filter((code) => code.code.includes(needle));

  const copyLink = (code: PromoCodeResponse) => {
    const url = promoLink(window.location.origin, event, code.code);
    const name = code.code;
    navigator.clipboard
      .writeText(url)
      .then(() => notify(t`Link with ${name} copied: ${url}`))
      .catch(() => notify(t`Could not copy the link. Here it is: ${url}`, 'error'));
  };

  if (codes.isError && isForbidden(codes.error)) return <NoPermissionPage />;
  const deletingCode = deleting?.code ?? '';

  return (
    <Stack gap="lg">
      <title>{`${t`Promo codes`} · ${event.title} · Tessera`}</title>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} maw={560}>
          <Title order={2} fz="xl">
            <Trans>Promo codes</Trans>
          </Title>
          <Text size="sm" c="gray.7">
            <Trans>
              Codes buyers type at checkout, or open with a link, for a discount or to see hidden tickets.
            </Trans>
          </Text>
        </Stack>
        {codes.data && codes.data.length > 0 ? (
          <Button leftSection={<PlusIcon size={16} />} onClick={() => open(null)}>
            <Trans>Add a promo code</Trans>
          </Button>
        ) : null}
      </Group>

      {codes.data && codes.data.length > 0 ? (
        <TextInput
          label={t`Search`}
          placeholder={t`Code`}
          leftSection={<SearchIcon size={16} />}
          type="search"
          value={search}
          onChange={(change) => setSearch(change.currentTarget.value)}
          w={{ base: '100%', xs: 260 }}
        />
      ) : null}

      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        {codes.isPending ? (
          <InlineLoader />
        ) : codes.isError ? (
          <Stack gap="sm" p="md">
            <ErrorAlert error={codes.error} title={t`Could not load the promo codes`} />
            <Button variant="default" w="fit-content" onClick={() => codes.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        ) : shown.length === 0 ? (
          <EmptyState icon={<TagIcon />} variant="light" py="xl">
            <EmptyState.Title order={3}>
              {needle ? <Trans>No promo code matches</Trans> : <Trans>No promo codes yet</Trans>}
            </EmptyState.Title>
            <EmptyState.Description>
              {needle ? (
                <Trans>Try another search.</Trans>
              ) : (
                <Trans>
                  Give a discount to early birds, groups or friends, or unlock hidden tickets with a code.
                </Trans>
              )}
            </EmptyState.Description>
            <EmptyState.Actions>
              {needle ? (
                <Button variant="default" onClick={() => setSearch('')}>
                  <Trans>Clear the search</Trans>
                </Button>
              ) : (
                <Button leftSection={<PlusIcon size={16} />} onClick={() => open(null)}>
                  <Trans>Add a promo code</Trans>
                </Button>
              )}
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <PromoCodesTable
            codes={shown}
            event={event}
            ticketTitles={ticketTitles}
            actions={{
              onCopyLink: copyLink,
              onEdit: open,
              onDelete: (code) => {
                remove.reset();
                setDeleting(code);
              },
            }}
          />
        )}
      </Paper>

      <PromoCodeModal
        opened={editing.opened}
        code={editing.code}
        event={event}
        onClose={() => setEditing((current) => ({ ...current, opened: false }))}
      />
      <ConfirmModal
        opened={deleting !== null}
        title={t`Delete promo code ${deletingCode}?`}
        confirmLabel={t`Delete`}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const name = deleting.code;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              notify(t`Promo code ${name} has been deleted.`);
            },
            onError: (error) => {
              setDeleting(null);
              notify(errorMessage(error), 'error');
            },
          });
        }}
      >
        <Trans>Buyers will no longer be able to use it, and links with it will stop applying it.</Trans>
      </ConfirmModal>
    </Stack>
  );
}
