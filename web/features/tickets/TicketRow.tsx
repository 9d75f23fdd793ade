import '@mantine/core/styles/ActionIcon.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { EventResponse } from '../../../common/events';
import { formatMoney } from '../../../common/money';
import type { TicketResponse } from '../../../common/tickets';
import { ArrowDownIcon, ArrowUpIcon } from '../../components/organizer-icons';
import { GripIcon } from './icons';
import { HiddenBadge, priceSummary, SaleStateBadge, TYPE_LABELS } from './labels';
import { TicketActions } from './TicketActions';

export interface Reorder {
  first: boolean;
  last: boolean;
  dragging: boolean;
  over: boolean;
  onMove: (step: -1 | 1) => void;
  onDragStart: () => void;
  onDragEnter: () => void;
  onDrop: () => void;
  onDragEnd: () => void;
}

/** One ticket of the list: what it is, what it costs, how it sells, and what can be done to it. */
export function TicketRow({
  ticket,
  event,
  reorder,
  onEdit,
}: {
  ticket: TicketResponse;
  event: EventResponse;
  reorder: Reorder | null;
  onEdit: () => void;
}) {
  const { t, i18n } = useLingui();
  const title = ticket.title;
  const sold = ticket.quantity_sold;
  const available = ticket.quantity_available;
  const tiers = ticket.type === 'TIERED' ? ticket.prices : [];

  return (
    <Box
      component="li"
      draggable={reorder !== null}
      data-testid="ticket-row"
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', String(ticket.id));
        reorder?.onDragStart();
      }}
      onDragEnter={() => reorder?.onDragEnter()}
      onDragOver={(e) => {
        if (reorder) e.preventDefault();
      }}
      onDrop={(e) => {
        e.preventDefault();
        reorder?.onDrop();
      }}
      onDragEnd={() => reorder?.onDragEnd()}
      style={{ opacity: reorder?.dragging ? 0.5 : 1 }}
    >
      <Paper
        withBorder
        radius="md"
        p="md"
        style={reorder?.over ? { borderColor: 'var(--mantine-color-tessera-6)', borderWidth: 2 } : undefined}
      >
        <Group gap="md" wrap="nowrap" align="center">
          {reorder ? (
            <Box c="gray.6" style={{ cursor: 'grab', display: 'flex' }} visibleFrom="xs">
              <GripIcon />
            </Box>
          ) : null}
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="ticket-title">
                {title}
              </Text>
              <SaleStateBadge state={ticket.sale_state} />
              {ticket.is_hidden ? <HiddenBadge /> : null}
            </Group>
            <Text size="sm" c="gray.7">
              {/* A free ticket's price already says what its type is. */}
              {ticket.type === 'FREE' ? null : `${i18n._(TYPE_LABELS[ticket.type])} · `}
              <span data-testid="ticket-price">{priceSummary(ticket, event.currency, i18n)}</span>
            </Text>
            {tiers.length > 0 ? (
              <Text size="xs" c="gray.7">
                {tiers
                  .map((tier) => `${tier.label}: ${formatMoney(tier.price, event.currency, i18n.locale)}`)
                  .join(' · ')}
              </Text>
            ) : null}
          </Stack>
          <Stack gap={0} align="flex-end" miw={96}>
            <Text size="sm" fw={600} ta="right">
              {available === null ? (
                <Trans>{sold} sold</Trans>
              ) : (
                <Trans>
                  {sold} of {available} sold
                </Trans>
              )}
            </Text>
            {available === null ? (
              <Text size="xs" c="gray.7">
                <Trans>Unlimited</Trans>
              </Text>
            ) : null}
          </Stack>
          {reorder ? (
            <Group gap={2} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t`Move ${title} up`}
                data-disabled={reorder.first || undefined}
                aria-disabled={reorder.first || undefined}
                onClick={() => {
                  if (!reorder.first) reorder.onMove(-1);
                }}
              >
                <ArrowUpIcon size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t`Move ${title} down`}
                data-disabled={reorder.last || undefined}
                aria-disabled={reorder.last || undefined}
                onClick={() => {
                  if (!reorder.last) reorder.onMove(1);
                }}
              >
                <ArrowDownIcon size={16} />
              </ActionIcon>
            </Group>
          ) : null}
          <TicketActions ticket={ticket} onEdit={onEdit} />
        </Group>
      </Paper>
    </Box>
  );
}
