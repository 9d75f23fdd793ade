import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/ActionIcon.css';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Group, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatMoney, formatPercent } from '../../../common/money';
import type { PromoCodeResponse } from '../../../common/promo-codes';
import { DotsIcon } from '../../components/organizer-icons';
import { formatEventDate } from '../events/datetime';
import type { EventMoney, PromoCodeState } from './form';
import { promoCodeState } from './form';
import { CopyIcon } from './icons';

const STATE_LABELS: Record<PromoCodeState, MessageDescriptor> = {
  ACTIVE: msg`Active`,
  EXPIRED: msg`Expired`,
  USED_UP: msg`Used up`,
  HELD: msg`All uses in checkout`,
};
// Dot badges keep the text in the body colour; the dot carries the colour.
const STATE_COLOURS: Record<PromoCodeState, string> = {
  ACTIVE: 'teal',
  EXPIRED: 'gray',
  USED_UP: 'orange',
  HELD: 'yellow',
};

export interface PromoCodeActions {
  onCopyLink: (code: PromoCodeResponse) => void;
  onEdit: (code: PromoCodeResponse) => void;
  onDelete: (code: PromoCodeResponse) => void;
}

export function PromoCodesTable({
  codes,
  event,
  ticketTitles,
  actions,
}: {
  codes: PromoCodeResponse[];
  event: EventMoney;
  /** Ticket titles by id; undefined while they load. */
  ticketTitles: Map<number, string> | undefined;
  actions: PromoCodeActions;
}) {
  const { t, i18n } = useLingui();
  const now = Date.now();

  const discount = (code: PromoCodeResponse) =>
    code.discount_type === 'PERCENTAGE'
      ? formatPercent(code.discount, i18n.locale)
      : code.discount_type === 'FIXED'
        ? formatMoney(Number(code.discount), event.currency, i18n.locale)
        : t`No discount — unlocks hidden tickets`;

  const appliesTo = (code: PromoCodeResponse) => {
    if (code.applicable_ticket_ids.length === 0) return t`All tickets`;
    if (!ticketTitles) return '…';
    return code.applicable_ticket_ids.map((id) => ticketTitles.get(id) ?? `#${id}`).join(', ');
  };

  return (
    <Table.ScrollContainer minWidth={860} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-label={t`Promo codes of this event`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Code</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Discount</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Expires</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Used / reserved / limit</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Applies to</Trans>
            </Table.Th>
            <Table.Th pos="relative">
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {codes.map((code) => {
            const state = promoCodeState(code, now);
            const limit = code.max_allowed_usages;
            const name = code.code;
            return (
              <Table.Tr key={code.id} data-testid="promo-code-row">
                <Table.Td>
                  <Group gap={8} wrap="wrap" miw={150}>
                    <Text size="sm" fw={700} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      {code.code}
                    </Text>
                    <Badge color={STATE_COLOURS[state]} variant="dot" tt="none">
                      {i18n._(STATE_LABELS[state])}
                    </Badge>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={code.discount_type === 'NONE' ? 'dimmed' : undefined} maw={200}>
                    {discount(code)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={code.expiry_date ? undefined : 'dimmed'} miw={120}>
                    {code.expiry_date
                      ? formatEventDate(code.expiry_date, event.timezone, i18n.locale)
                      : t`Never`}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Usage used={code.times_used} reserved={code.times_reserved} limit={limit} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" maw={220} style={{ overflowWrap: 'anywhere' }}>
                    {appliesTo(code)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="lg"
                      aria-label={t`Copy the link with ${name}`}
                      onClick={() => actions.onCopyLink(code)}
                    >
                      <CopyIcon />
                    </ActionIcon>
                    <Menu
                      position="bottom-end"
                      shadow="md"
                      width={200}
                      withinPortal
                      withInitialFocusPlaceholder={false}
                    >
                      <Menu.Target>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="lg"
                          aria-label={t`Actions for ${name}`}
                        >
                          <DotsIcon />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item onClick={() => actions.onEdit(code)}>
                          <Trans>Edit</Trans>
                        </Menu.Item>
                        <Menu.Item onClick={() => actions.onCopyLink(code)}>
                          <Trans>Copy link</Trans>
                        </Menu.Item>
                        <Menu.Item color="red.9" onClick={() => actions.onDelete(code)}>
                          <Trans>Delete</Trans>
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** "used / reserved / limit", spelled out for screen readers. */
function Usage({ used, reserved, limit }: { used: number; reserved: number; limit: number | null }) {
  const { t } = useLingui();
  const spoken =
    limit === null
      ? t`${used} used, ${reserved} reserved in checkouts in progress, no limit`
      : t`${used} used, ${reserved} reserved in checkouts in progress, limit ${limit}`;
  return (
    <Text
      size="sm"
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      data-testid="promo-code-usage"
    >
      <span aria-hidden="true">
        {used} / {reserved} / {limit === null ? '∞' : limit}
      </span>
      <VisuallyHidden>{spoken}</VisuallyHidden>
    </Text>
  );
}
