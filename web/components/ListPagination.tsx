import '@mantine/core/styles/Pagination.css';
import { useLingui } from '@lingui/react/macro';
import { Group, Pagination, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Under a paged list: how many there are (announced), and the pages when there is more than one. */
export function ListPagination({
  count,
  page,
  lastPage,
  onPage,
}: {
  count: ReactNode;
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
}) {
  const { t } = useLingui();
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="gray.7" aria-live="polite">
        {count}
      </Text>
      {lastPage > 1 ? (
        <Pagination
          total={lastPage}
          value={page}
          onChange={onPage}
          getControlProps={(control) =>
            control === 'previous'
              ? { 'aria-label': t`Previous page` }
              : control === 'next'
                ? { 'aria-label': t`Next page` }
                : {}
          }
          getItemProps={(page) => ({ 'aria-label': t`Page ${page}` })}
        />
      ) : null}
    </Group>
  );
}
