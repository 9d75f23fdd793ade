import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/ActionIcon.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Group, Menu, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { AffiliateResponse } from '../../../common/affiliates';
import { formatMoney } from '../../../common/money';
import { DotsIcon, LinkIcon } from '../../components/organizer-icons';

export interface AffiliateActions {
  onCopyLink: (affiliate: AffiliateResponse) => void;
  onEdit: (affiliate: AffiliateResponse) => void;
  onToggle: (affiliate: AffiliateResponse) => void;
  onDelete: (affiliate: AffiliateResponse) => void;
}

const figure = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The affiliates with what each link brought: paid orders, their tickets and gross sales. */
export function AffiliatesTable({
  affiliates,
  actions,
}: {
  affiliates: AffiliateResponse[];
  actions: AffiliateActions;
}) {
  const { t, i18n } = useLingui();
  const number = new Intl.NumberFormat(i18n.locale);
  return (
    <Table.ScrollContainer minWidth={680} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-label={t`Affiliates of this event`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Affiliate</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Code</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Orders</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Tickets</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Gross sales</Trans>
            </Table.Th>
            <Table.Th pos="relative">
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {affiliates.map((affiliate) => {
            const name = affiliate.name;
            const active = affiliate.status === 'ACTIVE';
            return (
              <Table.Tr key={affiliate.id} data-testid="affiliate-row">
                <Table.Td>
                  <Stack gap={2} miw={160} maw={280}>
                    <Group gap={8} wrap="wrap">
                      <Text
                        size="sm"
                        fw={600}
                        style={{ overflowWrap: 'anywhere' }}
                        data-testid="affiliate-name"
                      >
                        {affiliate.name}
                      </Text>
                      <Badge color={active ? 'teal' : 'gray'} variant="dot" tt="none">
                        {active ? t`Active` : t`Inactive`}
                      </Badge>
                    </Group>
                    {affiliate.email ? (
                      <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                        {affiliate.email}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {affiliate.code}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={figure} data-testid="affiliate-orders">
                  {number.format(affiliate.orders)}
                </Table.Td>
                <Table.Td ta="right" style={figure} data-testid="affiliate-tickets">
                  {number.format(affiliate.tickets)}
                </Table.Td>
                <Table.Td ta="right" style={figure} data-testid="affiliate-gross">
                  {formatMoney(affiliate.gross_sales, affiliate.currency, i18n.locale)}
                </Table.Td>
                <Table.Td ta="right">
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="lg"
                      aria-label={t`Copy the link of ${name}`}
                      onClick={() => actions.onCopyLink(affiliate)}
                    >
                      <LinkIcon />
                    </ActionIcon>
                    <Menu position="bottom-end" shadow="md" width={200} withinPortal>
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
                        <Menu.Item onClick={() => actions.onEdit(affiliate)}>
                          <Trans>Edit</Trans>
                        </Menu.Item>
                        <Menu.Item onClick={() => actions.onCopyLink(affiliate)}>
                          <Trans>Copy link</Trans>
                        </Menu.Item>
                        <Menu.Item onClick={() => actions.onToggle(affiliate)}>
                          {active ? <Trans>Deactivate</Trans> : <Trans>Activate</Trans>}
                        </Menu.Item>
                        <Menu.Item color="red.9" onClick={() => actions.onDelete(affiliate)}>
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
