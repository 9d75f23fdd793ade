import '@mantine/core/styles/Table.css';
import { Group, Table, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { ArrowDownIcon, ArrowUpIcon, SortIcon } from './organizer-icons';

export interface Sorting<S extends string> {
  sortBy: S;
  sortDirection: 'asc' | 'desc';
}

/** A column header that sorts a list; `aria-sort` tells screen readers the current order. */
export function SortableHeader<S extends string>({
  field,
  sorting,
  onSort,
  firstDirection = 'asc',
  align,
  children,
}: {
  field: S;
  sorting: Sorting<S>;
  onSort: (sorting: Sorting<S>) => void;
  /** Dates and amounts read largest first; names A to Z. */
  firstDirection?: 'asc' | 'desc';
  align?: 'right';
  children: ReactNode;
}) {
  const active = sorting.sortBy === field;
  const direction = active ? sorting.sortDirection : undefined;
  const Icon = direction === 'asc' ? ArrowUpIcon : direction === 'desc' ? ArrowDownIcon : SortIcon;
  const next = active ? (direction === 'asc' ? 'desc' : 'asc') : firstDirection;
  return (
    <Table.Th
      ta={align}
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
    >
      <UnstyledButton onClick={() => onSort({ sortBy: field, sortDirection: next })} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : undefined}>
          {children}
          <Icon size={14} style={{ opacity: active ? 1 : 0.5 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
