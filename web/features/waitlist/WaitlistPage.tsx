import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Paper, Select } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { EventResponse } from '../../../common/events';
import { WAITLIST_STATUSES, type WaitlistEntryResponse } from '../../../common/waitlist';
import { errorMessage } from '../../components/api-error';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ExportMenu } from '../../components/ExportMenu';
import { downloadExport } from '../../components/export-download';
import { InlineLoader } from '../../components/InlineLoader';
import { ListPage } from '../../components/ListPage';
import { isForbidden, NoPermissionPage } from '../../components/NoPermission';
import { notify } from '../../components/notify';
import { UsersIcon } from '../../components/organizer-icons';
import { DateFilterSelect, useDateChoices } from '../event-dates/DateFilter';
import { useEvent } from '../events/api';
import { useEventId } from '../events/EventLayout';
import { useTicketChoices } from '../tickets/api';
import { useOfferEntry, useRemoveEntry, useWaitlist, type WaitlistFilters } from './api';
import { WAITLIST_STATUS_LABELS } from './status';
import { WaitlistSettingsCard } from './WaitlistSettingsCard';
import { WaitlistCounts, WaitlistTable } from './WaitlistTable';

const ALL = 'all';

/** `/manage/event/:eventId/waitlist`: who waits for a sold-out ticket, and the list's settings. */
export function WaitlistPage() {
  const { t } = useLingui();
  const event = useEvent(useEventId() ?? 0);
  // The event layout says when the event cannot be loaded.
  if (event.isPending || event.isError) return <InlineLoader label={t`Loading the waiting list`} />;
  return <Waitlist event={event.data} />;
}

function useFilters(): [WaitlistFilters, (change: WaitlistFilters) => void] {
  const [search, setSearch] = useSearchParams();
  const status = WAITLIST_STATUSES.find((s) => s === search.get('status'));
  const ticketId = Number(search.get('ticket')) || undefined;
  const dateId = Number(search.get('date')) || undefined;
  const set = (change: WaitlistFilters) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        const write = (key: string, value: string | undefined) =>
          value ? next.set(key, value) : next.delete(key);
        if ('status' in change) write('status', change.status);
        if ('ticketId' in change) write('ticket', change.ticketId ? String(change.ticketId) : undefined);
        if ('dateId' in change) write('date', change.dateId ? String(change.dateId) : undefined);
        return next;
      },
      { replace: true },
    );
  return [{ status, ticketId, dateId }, set];
}

function Waitlist({ event }: { event: EventResponse }) {
  const { t, i18n } = useLingui();
  const [filters, setFilters] = useFilters();
  const waitlist = useWaitlist(event.id, filters);
  const tickets = useTicketChoices(event.id).data ?? [];
  const offer = useOfferEntry(event.id);
  const remove = useRemoveEntry(event.id);
  const [removing, setRemoving] = useState<WaitlistEntryResponse | null>(null);
  const dates = useDateChoices(event.id, event.timezone);
  const filtered =
    filters.status !== undefined || filters.ticketId !== undefined || filters.dateId !== undefined;
  const counts = waitlist.data?.counts ?? [];
  const anyone = counts.some((c) => c.waiting + c.offered + c.purchased + c.expired + c.removed > 0);

  const offerTo = (entry: WaitlistEntryResponse) => {
    const name = entry.name;
    offer.mutate(entry.id, {
      onSuccess: () => notify(t`A ticket has been offered to ${name}. They have been sent an e-mail.`),
      // 409: no free ticket, or the entry is no longer waiting; the API's message says which.
      onError: (error) => notify(errorMessage(error), 'error'),
    });
  };

  if (waitlist.isError && isForbidden(waitlist.error)) return <NoPermissionPage />;
  const removingName = removing?.name ?? '';

  return (
    <ListPage
      documentTitle={`${t`Waiting list`} · ${event.title} · Tessera`}
      title={<Trans>Waiting list</Trans>}
      description={
        <Trans>
          People who asked for a sold-out ticket, in the order they joined. When a ticket frees up, the next
          one is offered it for a limited time.
        </Trans>
      }
      actions={
        anyone ? (
          <ExportMenu
            download={(format, onProgress) =>
              downloadExport({
                path: `/events/${event.id}/waitlist/export`,
                query: { date_id: filters.dateId },
                format,
                fallbackName: `waitlist-${event.id}`,
                onProgress,
              })
            }
            done={t`The waiting list has been exported.`}
            failed={t`The export of the waiting list failed. Please try again.`}
          />
        ) : null
      }
      intro={
        <>
          <WaitlistSettingsCard key={event.id} event={event} />
          {counts.length > 0 ? (
            <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
              <WaitlistCounts counts={counts} />
            </Paper>
          ) : null}
        </>
      }
      filters={
        anyone || filtered ? (
          <>
            <DateFilterSelect
              eventId={event.id}
              timezone={event.timezone}
              value={filters.dateId ?? null}
              onChange={(dateId) => setFilters({ dateId: dateId ?? undefined })}
            />
            <Select
              label={t`Status`}
              data={[
                { value: ALL, label: t`All statuses` },
                ...WAITLIST_STATUSES.map((status) => ({
                  value: status,
                  label: i18n._(WAITLIST_STATUS_LABELS[status]),
                })),
              ]}
              value={filters.status ?? ALL}
              onChange={(value) => setFilters({ status: WAITLIST_STATUSES.find((s) => s === value) })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              w={{ base: '100%', xs: 200 }}
            />
            <Select
              label={t`Ticket`}
              data={[
                { value: ALL, label: t`All tickets` },
                ...tickets.map((ticket) => ({ value: String(ticket.id), label: ticket.title })),
              ]}
              value={filters.ticketId ? String(filters.ticketId) : ALL}
              onChange={(value) =>
                setFilters({ ticketId: value && value !== ALL ? Number(value) : undefined })
              }
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              w={{ base: '100%', xs: 240 }}
            />
          </>
        ) : null
      }
      query={waitlist}
      loadingLabel={t`Loading the waiting list`}
      errorTitle={t`Could not load the waiting list`}
      isEmpty={(list) => list.data.length === 0}
      empty={
        filtered
          ? {
              icon: <UsersIcon />,
              title: <Trans>Nobody on the waiting list matches</Trans>,
              actions: (
                <Button
                  variant="default"
                  onClick={() => setFilters({ status: undefined, ticketId: undefined, dateId: undefined })}
                >
                  <Trans>Clear filters</Trans>
                </Button>
              ),
            }
          : {
              icon: <UsersIcon />,
              title: <Trans>Nobody is on the waiting list yet</Trans>,
              description: event.settings.waitlist_enabled ? (
                <Trans>
                  When a ticket sells out, buyers can join the waiting list from the event page. They show up
                  here.
                </Trans>
              ) : (
                <Trans>
                  Turn on “Enable the waiting list for sold-out tickets” above: buyers can then join the list
                  from the event page when a ticket sells out.
                </Trans>
              ),
            }
      }
      table={(list) => (
        <WaitlistTable
          entries={list.data}
          timezone={event.timezone}
          showDate={dates.several}
          actions={{
            onOffer: offerTo,
            onRemove: (entry) => {
              remove.reset();
              setRemoving(entry);
            },
            offering: offer.isPending ? (offer.variables ?? null) : null,
          }}
        />
      )}
    >
      <ConfirmModal
        opened={removing !== null}
        title={t`Remove ${removingName} from the waiting list?`}
        confirmLabel={t`Remove`}
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          const name = removing.name;
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              notify(t`${name} has been removed from the waiting list.`);
            },
            onError: (error) => {
              setRemoving(null);
              notify(errorMessage(error), 'error');
            },
          });
        }}
      >
        <Trans>
          They lose their place. If they hold an offer, its ticket goes to the next person waiting.
        </Trans>
      </ConfirmModal>
    </ListPage>
  );
}
