import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/EmptyState.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, EmptyState, Group, Paper, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  SALE_STATES,
  type SaleState,
  TICKET_TYPES,
  type TicketResponse,
  type TicketType,
} from '../../../common/tickets';
import { InlineLoader } from '../../components/InlineLoader';
import { RequirePermission } from '../../components/NoPermission';
import { SearchIcon } from '../../components/organizer-icons';
import { FitSelect } from '../../components/selects';
import { useEvent } from '../events/api';
import { useEventId } from '../events/EventLayout';
import { useTickets } from './api';
import { ItemsLoadError, ItemsScreen } from './ItemStates';
import { TicketIcon } from './icons';
import { SALE_STATE_LABELS, TYPE_LABELS } from './labels';
import { TicketList } from './TicketList';

/** `/manage/event/:eventId/tickets`: the event's tickets, in the order buyers see them. */
export function TicketsPage() {
  return (
    <RequirePermission permission="tickets.manage">
      <Tickets />
    </RequirePermission>
  );
}

const ALL = 'all';
const HIDDEN = 'HIDDEN';
type StateFilter = SaleState | typeof HIDDEN | null;

function matches(
  ticket: TicketResponse,
  { query, state, type }: { query: string; state: StateFilter; type: TicketType | null },
) {
  if (query && !ticket.title.toLocaleLowerCase().includes(query.toLocaleLowerCase())) return false;
  if (type && ticket.type !== type) return false;
  if (state === HIDDEN) return ticket.is_hidden;
  return !state || ticket.sale_state === state;
}

function Tickets() {
  const { t, i18n } = useLingui();
  const eventId = useEventId() ?? 0;
  const event = useEvent(eventId);
  const tickets = useTickets(eventId);
  const [query, setQuery] = useState('');
  const [state, setState] = useState<StateFilter>(null);
  const [type, setType] = useState<TicketType | null>(null);

  if (event.isPending || tickets.isPending) return <InlineLoader />;
  if (event.isError || tickets.isError) {
    return (
      <ItemsLoadError
        pageTitle={t`Tickets`}
        title={t`Could not load the tickets`}
        error={event.error ?? tickets.error}
        retry={() => void tickets.refetch()}
      />
    );
  }

  // Products are on their own screen; the order sent keeps them where they are.
  const all = tickets.data.filter((ticket) => ticket.kind === 'TICKET');
  const filtered = query.trim() !== '' || state !== null || type !== null;
  const shown = all.filter((ticket) => matches(ticket, { query: query.trim(), state, type }));
  const clear = () => {
    setQuery('');
    setState(null);
    setType(null);
  };

  return (
    <ItemsScreen
      kind="TICKET"
      event={event.data}
      count={all.length}
      empty={{
        icon: <TicketIcon />,
        title: t`No tickets yet`,
        description: t`Create the tickets people can buy or register for: free, paid, donation or tiered.`,
      }}
    >
      {(edit) => (
        <>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={t`Search`}
              placeholder={t`Ticket title`}
              leftSection={<SearchIcon size={16} />}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              w={{ base: '100%', xs: 240 }}
            />
            <FitSelect
              label={t`Sale state`}
              data={[
                { value: ALL, label: t`All states` },
                ...SALE_STATES.map((s) => ({ value: s, label: i18n._(SALE_STATE_LABELS[s]) })),
                { value: HIDDEN, label: t`Hidden` },
              ]}
              value={state ?? ALL}
              onChange={(value) => setState(value === ALL || value === null ? null : (value as StateFilter))}
              allowDeselect={false}
            />
            <FitSelect
              label={t`Type`}
              data={[
                { value: ALL, label: t`All types` },
                ...TICKET_TYPES.map((s) => ({ value: s, label: i18n._(TYPE_LABELS[s]) })),
              ]}
              value={type ?? ALL}
              onChange={(value) => setType(value === ALL || value === null ? null : (value as TicketType))}
              allowDeselect={false}
            />
            {filtered ? (
              <Button variant="subtle" onClick={clear}>
                <Trans>Clear filters</Trans>
              </Button>
            ) : null}
          </Group>
          {filtered ? (
            <Text size="sm" c="dimmed" role="status">
              <Trans>
                Reordering is off while a search or filter is active. Clear them to change the order.
              </Trans>
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              <Trans>
                Buyers see the tickets in this order. Drag a ticket, or use its arrows, to move it.
              </Trans>
            </Text>
          )}
          {shown.length === 0 ? (
            <Paper withBorder radius="lg" p="md">
              <EmptyState icon={<SearchIcon />} variant="light" py="lg">
                <EmptyState.Title order={3}>
                  <Trans>No tickets match</Trans>
                </EmptyState.Title>
                <EmptyState.Description>
                  <Trans>Try another search, or clear the filters.</Trans>
                </EmptyState.Description>
                <EmptyState.Actions>
                  <Button variant="default" onClick={clear}>
                    <Trans>Clear filters</Trans>
                  </Button>
                </EmptyState.Actions>
              </EmptyState>
            </Paper>
          ) : (
            <TicketList
              eventId={eventId}
              tickets={shown}
              allIds={tickets.data.map((ticket) => ticket.id)}
              event={event.data}
              reorderable={!filtered}
              label={t`Tickets`}
              onEdit={edit}
            />
          )}
        </>
      )}
    </ItemsScreen>
  );
}
