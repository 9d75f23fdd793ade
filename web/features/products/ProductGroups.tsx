import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Stack, Text, Title } from '@mantine/core';
import type { EventResponse } from '../../../common/events';
import type { TicketResponse } from '../../../common/tickets';
import { HiddenBadge } from '../tickets/labels';
import { TicketList } from '../tickets/TicketList';
import type { ProductGroup } from './groups';

/**
 * The products under their headings (the uncategorised first, headed only when there are
 * categories). The arrows move a product within its category; the other items keep their places.
 */
export function ProductGroups({
  event,
  groups,
  items,
  onEdit,
}: {
  event: EventResponse;
  groups: ProductGroup[];
  /** Every item of the event in its order: tickets and products. */
  items: readonly TicketResponse[];
  onEdit: (product: TicketResponse) => void;
}) {
  const { t } = useLingui();
  const headed = groups.some((group) => group.category !== null);
  const allIds = items.map((item) => item.id);
  return (
    <Stack gap="lg">
      {groups.map(({ category, products }) => {
        const name = category?.name ?? t`No category`;
        return (
          <Stack key={category?.id ?? 'none'} gap="xs" component="section" aria-label={name}>
            {headed ? (
              <Group gap="xs">
                <Title order={3} fz="lg" data-testid="category-heading">
                  {name}
                </Title>
                {category?.is_hidden ? <HiddenBadge /> : null}
              </Group>
            ) : null}
            {category?.description ? (
              <Text size="sm" c="gray.7">
                {category.description}
              </Text>
            ) : null}
            {products.length === 0 ? (
              <Text size="sm" c="gray.7">
                <Trans>Nothing in this category yet. Choose it in a product's form.</Trans>
              </Text>
            ) : (
              <TicketList
                eventId={event.id}
                event={event}
                tickets={products}
                items={items}
                allIds={allIds}
                reorderable
                label={name}
                onEdit={onEdit}
              />
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
