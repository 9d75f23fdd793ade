import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Badge,
  Box,
  Group,
  Menu,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import type { AffiliateResponse } from '../../../common/affiliates';
import { formatMoney } from '../../../common/money';
import { DotsIcon, LinkIcon } from '../../components/organizer-icons';
import { affiliateOrdersPath } from './links';

export interface AffiliateActions {
  onCopyLink: (affiliate: AffiliateResponse) => void;
  onEdit: (affiliate: AffiliateResponse) => void;
  onToggle: (affiliate: AffiliateResponse) => void;
  onDelete: (affiliate: AffiliateResponse) => void;
}

interface Props {
  eventId: number;
  affiliates: AffiliateResponse[];
  actions: AffiliateActions;
}

const figure = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The affiliates with what each link brought: paid orders, their tickets and gross sales. A
 * table on wide screens; on a phone one card each, so the figures need no sideways scrolling.
 */
export function AffiliatesTable(props: Props) {
  const narrow = useMediaQuery('(max-width: 40em)');
  return narrow ? <AffiliateCards {...props} /> : <AffiliateRows {...props} />;
}

function useFigures() {
  const { i18n } = useLingui();
  const number = new Intl.NumberFormat(i18n.locale);
  return {
    count: (n: number) => number.format(n),
    money: (a: AffiliateResponse) => formatMoney(a.gross_sales, a.currency, i18n.locale),
  };
}

function AffiliateRows({ eventId, affiliates, actions }: Props) {
  const { t } = useLingui();
  const figures = useFigures();
  return (
    <Table.ScrollContainer minWidth={600} type="native">
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
          {affiliates.map((affiliate) => (
            <Table.Tr key={affiliate.id} data-testid="affiliate-row">
              <Table.Td>
                <Identity affiliate={affiliate} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {affiliate.code}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={figure} data-testid="affiliate-orders">
                {figures.count(affiliate.orders)}
              </Table.Td>
              <Table.Td ta="right" style={figure} data-testid="affiliate-tickets">
                {figures.count(affiliate.tickets)}
              </Table.Td>
              <Table.Td ta="right" style={figure} data-testid="affiliate-gross">
                {figures.money(affiliate)}
              </Table.Td>
              <Table.Td ta="right">
                <RowActions eventId={eventId} affiliate={affiliate} actions={actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AffiliateCards({ eventId, affiliates, actions }: Props) {
  const { t } = useLingui();
  const figures = useFigures();
  return (
    <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t`Affiliates of this event`}>
      {affiliates.map((affiliate, index) => (
        <Box
          component="li"
          key={affiliate.id}
          p="md"
          data-testid="affiliate-row"
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
        >
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Identity affiliate={affiliate} />
              <RowActions eventId={eventId} affiliate={affiliate} actions={actions} />
            </Group>
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {affiliate.code}
            </Text>
            <SimpleGrid cols={3} spacing="xs" component="dl" m={0}>
              <CardFigure
                label={t`Orders`}
                value={figures.count(affiliate.orders)}
                testId="affiliate-orders"
              />
              <CardFigure
                label={t`Tickets`}
                value={figures.count(affiliate.tickets)}
                testId="affiliate-tickets"
              />
              <CardFigure label={t`Gross sales`} value={figures.money(affiliate)} testId="affiliate-gross" />
            </SimpleGrid>
          </Stack>
        </Box>
      ))}
    </Box>
  );
}

function CardFigure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="gray.7">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" fw={600} style={figure} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** Name, status and e-mail. */
function Identity({ affiliate }: { affiliate: AffiliateResponse }) {
  const { t } = useLingui();
  const active = affiliate.status === 'ACTIVE';
  return (
    <Stack gap={2} miw={0} maw={280}>
      <Group gap={8} wrap="wrap">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="affiliate-name">
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
  );
}

function RowActions({
  eventId,
  affiliate,
  actions,
}: {
  eventId: number;
  affiliate: AffiliateResponse;
  actions: AffiliateActions;
}) {
  const { t } = useLingui();
  const name = affiliate.name;
  return (
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
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t`Actions for ${name}`}>
            <DotsIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={affiliateOrdersPath(eventId, affiliate.id)}>
            <Trans>View orders</Trans>
          </Menu.Item>
          <Menu.Item onClick={() => actions.onEdit(affiliate)}>
            <Trans>Edit</Trans>
          </Menu.Item>
          <Menu.Item onClick={() => actions.onCopyLink(affiliate)}>
            <Trans>Copy link</Trans>
          </Menu.Item>
          <Menu.Item onClick={() => actions.onToggle(affiliate)}>
            {affiliate.status === 'ACTIVE' ? <Trans>Deactivate</Trans> : <Trans>Activate</Trans>}
          </Menu.Item>
          <Menu.Item color="red.9" onClick={() => actions.onDelete(affiliate)}>
            <Trans>Delete</Trans>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
