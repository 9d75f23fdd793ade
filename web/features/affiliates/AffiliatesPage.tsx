import '@mantine/core/styles/EmptyState.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { AffiliateResponse } from '../../../common/affiliates';
import type { EventResponse } from '../../../common/events';
import { errorMessage } from '../../components/api-error';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ExportMenu } from '../../components/ExportMenu';
import { downloadExport } from '../../components/export-download';
import { InlineLoader } from '../../components/InlineLoader';
import { isForbidden, NoPermissionPage } from '../../components/NoPermission';
import { notify } from '../../components/notify';
import { PlusIcon, UsersIcon } from '../../components/organizer-icons';
import { useEvent } from '../events/api';
import { useEventId } from '../events/EventLayout';
import { AffiliateModal } from './AffiliateModal';
import { AffiliatesTable } from './AffiliatesTable';
import { useAffiliates, useDeleteAffiliate, useUpdateAffiliate } from './api';
import { affiliateLink, withStatus } from './form';

/** `/manage/event/:eventId/affiliates`: who sells the event with their own link, and what each sold. */
export function AffiliatesPage() {
  const { t } = useLingui();
  const event = useEvent(useEventId() ?? 0);
  // The event layout says when the event cannot be loaded.
  if (event.isPending || event.isError) return <InlineLoader label={t`Loading affiliates`} />;
  return <Affiliates event={event.data} />;
}

function Affiliates({ event }: { event: EventResponse }) {
  const { t } = useLingui();
  const affiliates = useAffiliates(event.id);
  const remove = useDeleteAffiliate(event.id);
  const update = useUpdateAffiliate(event.id);
  // The modal keeps what it showed while it closes; `opened` says whether it is up.
  const [editing, setEditing] = useState<{ opened: boolean; affiliate: AffiliateResponse | null }>({
    opened: false,
    affiliate: null,
  });
  const [deleting, setDeleting] = useState<AffiliateResponse | null>(null);
  const open = (affiliate: AffiliateResponse | null) => setEditing({ opened: true, affiliate });
  const list = affiliates.data ?? [];

  const copyLink = (affiliate: AffiliateResponse) => {
    const url = affiliateLink(window.location.origin, event, affiliate.code);
    const name = affiliate.name;
    navigator.clipboard
      .writeText(url)
      .then(() => notify(t`Link of ${name} copied: ${url}`))
      .catch(() => notify(t`Could not copy the link. Here it is: ${url}`, 'error'));
  };

  const toggle = (affiliate: AffiliateResponse) => {
    const name = affiliate.name;
    const activating = affiliate.status === 'INACTIVE';
    update.mutate(
      { id: affiliate.id, body: withStatus(affiliate, activating ? 'ACTIVE' : 'INACTIVE') },
      {
        onSuccess: () =>
          notify(
            activating
              ? t`${name} is active: the link credits new orders again.`
              : t`${name} is inactive: the link no longer credits orders.`,
          ),
        onError: (error) => notify(errorMessage(error), 'error'),
      },
    );
  };

  if (affiliates.isError && isForbidden(affiliates.error)) return <NoPermissionPage />;
  const deletingName = deleting?.name ?? '';

  return (
    <Stack gap="lg">
      <title>{`${t`Affiliates`} · ${event.title} · Tessera`}</title>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} maw={560}>
          <Title order={2} fz="xl">
            <Trans>Affiliates</Trans>
          </Title>
          <Text size="sm" c="gray.7">
            <Trans>
              Partners who share the event with their own link. A buyer who follows one is remembered for 30
              days; paid orders count here.
            </Trans>
          </Text>
        </Stack>
        {list.length > 0 ? (
          <Group gap="sm">
            <ExportMenu
              download={(format, onProgress) =>
                downloadExport({
                  path: `/events/${event.id}/affiliates/export`,
                  query: {},
                  format,
                  fallbackName: `affiliates-${event.id}`,
                  onProgress,
                })
              }
              done={t`The affiliates have been exported.`}
              failed={t`The export of affiliates failed. Please try again.`}
            />
            <Button leftSection={<PlusIcon size={16} />} onClick={() => open(null)}>
              <Trans>Add an affiliate</Trans>
            </Button>
          </Group>
        ) : null}
      </Group>

      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        {affiliates.isPending ? (
          <InlineLoader />
        ) : affiliates.isError ? (
          <Stack gap="sm" p="md">
            <ErrorAlert error={affiliates.error} title={t`Could not load the affiliates`} />
            <Button variant="default" w="fit-content" onClick={() => affiliates.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        ) : list.length === 0 ? (
          <EmptyState icon={<UsersIcon />} variant="light" py="xl">
            <EmptyState.Title order={3}>
              <Trans>No affiliates yet</Trans>
            </EmptyState.Title>
            <EmptyState.Description>
              <Trans>
                Give a blogger, a partner venue or a campaign its own link, and see the orders, tickets and
                sales it brings.
              </Trans>
            </EmptyState.Description>
            <EmptyState.Actions>
              <Button leftSection={<PlusIcon size={16} />} onClick={() => open(null)}>
                <Trans>Add an affiliate</Trans>
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <AffiliatesTable
            eventId={event.id}
            affiliates={list}
            actions={{
              onCopyLink: copyLink,
              onEdit: open,
              onToggle: toggle,
              onDelete: (affiliate) => {
                remove.reset();
                setDeleting(affiliate);
              },
            }}
          />
        )}
      </Paper>

      <AffiliateModal
        opened={editing.opened}
        affiliate={editing.affiliate}
        eventId={event.id}
        onClose={() => setEditing((current) => ({ ...current, opened: false }))}
      />
      <ConfirmModal
        opened={deleting !== null}
        title={t`Delete affiliate ${deletingName}?`}
        confirmLabel={t`Delete`}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const name = deleting.name;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              notify(t`Affiliate ${name} has been deleted.`);
            },
            onError: (error) => {
              setDeleting(null);
              // One that brought orders stays; the server's message says to deactivate it instead.
              notify(errorMessage(error), 'error');
            },
          });
        }}
      >
        <Trans>
          Its link stops crediting orders. An affiliate that has brought orders cannot be deleted: deactivate
          it instead.
        </Trans>
      </ConfirmModal>
    </Stack>
  );
}
