import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Table, type TableTdProps, VisuallyHidden } from '@mantine/core';
import type { Key, ReactNode } from 'react';
import { SortableHeader, type Sorting } from './SortableHeader';

/** One column of a DataTable, described as data. */
export interface DataColumn<T, S extends string = never> {
  /** Stable and unique among the columns (React's key). */
  id: string;
  /** The header's text. Every column has one, for screen readers, even when it is hidden. */
  header: ReactNode;
  /** Shown to screen readers only (a column of action menus). */
  hideHeader?: boolean;
  /** The list's sort field behind this column: its header becomes a sort button with `aria-sort`. */
  sortKey?: S;
  /** Dates and amounts read largest first; names A to Z. */
  firstDirection?: 'asc' | 'desc';
  align?: 'right';
  /** The cell of one row. */
  cell: (row: T) => ReactNode;
  /** Extra attributes of the row's cell (`data-testid`, a width). */
  cellProps?: (row: T) => TableTdProps & Record<`data-${string}`, string>;
}

/**
 * A table of rows: a real `<table>` with a name (`label`), column headers (`<th>`), sortable
 * headers that are buttons and say the order with `aria-sort`, and one row per item. While a
 * new page or order loads (`busy`), the rows stay, dimmed and marked `aria-busy`. With no rows,
 * `empty` fills one row across all columns. It scrolls sideways below `minWidth`.
 */
export function DataTable<T, S extends string = never>({
  label,
  columns,
  rows,
  rowKey,
  sorting,
  onSort,
  busy = false,
  empty,
  minWidth,
  highlightOnHover = true,
}: {
  label: string;
  columns: readonly DataColumn<T, S>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** Needed when a column has a `sortKey`. */
  sorting?: Sorting<S>;
  onSort?: (sorting: Sorting<S>) => void;
  busy?: boolean;
  empty?: ReactNode;
  minWidth: number;
  highlightOnHover?: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table
        verticalSpacing="sm"
        highlightOnHover={highlightOnHover}
        aria-label={label}
        aria-busy={busy}
        style={{ opacity: busy ? 0.6 : 1 }}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) =>
              column.sortKey !== undefined && sorting && onSort ? (
                <SortableHeader
                  key={column.id}
                  field={column.sortKey}
                  sorting={sorting}
                  onSort={onSort}
                  firstDirection={column.firstDirection}
                  align={column.align}
                >
                  {column.header}
                </SortableHeader>
              ) : column.hideHeader ? (
                // Positioned, so the hidden text stays inside the scrolling table on narrow screens.
                <Table.Th key={column.id} pos="relative" ta={column.align}>
                  <VisuallyHidden>{column.header}</VisuallyHidden>
                </Table.Th>
              ) : (
                <Table.Th key={column.id} ta={column.align}>
                  {column.header}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && empty !== undefined ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>{empty}</Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.id} ta={column.align} {...column.cellProps?.(row)}>
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
