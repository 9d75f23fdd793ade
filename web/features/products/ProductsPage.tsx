import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { InlineLoader } from '../../components/InlineLoader';
import { RequirePermission } from '../../components/NoPermission';
import { useEvent } from '../events/api';
import { useEventId } from '../events/EventLayout';
import { useTickets } from '../tickets/api';
import { useCategories } from '../tickets/categories-api';
import { ItemsLoadError, ItemsScreen } from '../tickets/ItemStates';
import { groupByCategory } from './groups';
import { BagIcon } from './icons';
import { ProductGroups } from './ProductGroups';

/** `/manage/event/:eventId/products`: what the event sells beside tickets, under its categories. */
export function ProductsPage() {
  return (
    <RequirePermission permission="tickets.manage">
      <Products />
    </RequirePermission>
  );
}

function Products() {
  const { t } = useLingui();
  const eventId = useEventId() ?? 0;
  const event = useEvent(eventId);
  const items = useTickets(eventId);
  const categories = useCategories(eventId);

  if (event.isPending || items.isPending || categories.isPending) return <InlineLoader />;
  if (event.isError || items.isError || categories.isError) {
    return (
      <ItemsLoadError
        pageTitle={t`Products`}
        title={t`Could not load the products`}
        error={event.error ?? items.error ?? categories.error}
        retry={() => void Promise.all([items.refetch(), categories.refetch()])}
      />
    );
  }

  const products = items.data.filter((item) => item.kind === 'PRODUCT');

  return (
    <ItemsScreen
      kind="PRODUCT"
      event={event.data}
      count={products.length}
      empty={{
        icon: <BagIcon />,
        title: t`No products yet`,
        description: t`Sell more than entry: merchandise in sizes, parking, meals, drink vouchers.`,
      }}
    >
      {(edit) => (
        <>
          <Text size="sm" c="dimmed">
            <Trans>
              Buyers see the products under their categories, in this order. Use the arrows to move one.
            </Trans>
          </Text>
          <ProductGroups
            event={event.data}
            groups={groupByCategory(products, categories.data)}
            items={items.data}
            onEdit={edit}
          />
        </>
      )}
    </ItemsScreen>
  );
}
