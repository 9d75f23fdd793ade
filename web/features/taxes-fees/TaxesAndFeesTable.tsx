import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/ActionIcon.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Group, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatMoney, formatPercent } from '../../../common/money';
import type { TaxOrFeeResponse } from '../../../common/taxes-fees';
import { DotsIcon } from '../../components/organizer-icons';

/** "23.5 %" or "€1.50": the rate of a tax or fee as a buyer would read it. */
export function formatRate(taxOrFee: TaxOrFeeResponse, currency: string, locale: string): string {
  return taxOrFee.calculation_type === 'PERCENTAGE'
    ? formatPercent(taxOrFee.rate, locale)
    : formatMoney(Number(taxOrFee.rate), currency, locale);
}

export function TaxesAndFeesTable({
  items,
  currency,
  onEdit,
  onDelete,
}: {
  items: TaxOrFeeResponse[];
  currency: string;
  onEdit: (taxOrFee: TaxOrFeeResponse) => void;
  onDelete: (taxOrFee: TaxOrFeeResponse) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-label={t`Taxes and fees of this account`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Type</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Rate or amount</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Charged on</Trans>
            </Table.Th>
            <Table.Th pos="relative">
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const name = item.name;
            return (
              <Table.Tr key={item.id} data-testid="tax-or-fee-row">
                <Table.Td>
                  <Group gap={6} wrap="wrap" miw={160}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {item.name}
                    </Text>
                    {item.is_default ? (
                      <Badge size="xs" variant="light" color="tessera" tt="none">
                        <Trans>Default</Trans>
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Badge
                    size="sm"
                    variant="outline"
                    color={item.type === 'TAX' ? 'gray.7' : 'tessera.8'}
                    tt="none"
                  >
                    {item.type === 'TAX' ? <Trans>Tax</Trans> : <Trans>Fee</Trans>}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatRate(item, currency, i18n.locale)}
                    {item.calculation_type === 'FIXED' ? (
                      <Text span size="sm" c="dimmed">
                        {' '}
                        <Trans>per ticket</Trans>
                      </Text>
                    ) : null}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" data-testid="tax-base">
                    {item.type === 'TAX' && item.calculation_type === 'PERCENTAGE' && item.applies_to_fees ? (
                      <Trans>Ticket price and fees</Trans>
                    ) : item.calculation_type === 'FIXED' ? (
                      <Trans>Each ticket</Trans>
                    ) : (
                      <Trans>Ticket price</Trans>
                    )}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Menu
                    position="bottom-end"
                    shadow="md"
                    width={200}
                    withinPortal
                    withInitialFocusPlaceholder={false}
                  >
                    <Menu.Target>
                      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t`Actions for ${name}`}>
                        <DotsIcon />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => onEdit(item)}>
                        <Trans>Edit</Trans>
                      </Menu.Item>
                      <Menu.Item color="red.9" onClick={() => onDelete(item)}>
                        <Trans>Delete</Trans>
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
