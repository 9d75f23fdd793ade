import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/EmptyState.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, EmptyState, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from './ErrorAlert';
import { InlineLoader } from './InlineLoader';
import { ListPagination } from './ListPagination';
import { SearchIcon } from './organizer-icons';

/** What ListPage needs of a list's query (a TanStack `useQuery` result fits). */
export interface ListQuery<D> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: D | undefined;
  refetch: () => unknown;
}

/** The card shown in place of the table when the list has no rows. */
export interface ListEmpty {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}

export interface ListPages {
  /** "12 attendees", said to screen readers when it changes. */
  count: ReactNode;
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
}

/**
 * An organizer's list page: a heading with its description and actions (export, add), the
 * search and filters (after an optional `intro`), then a card that holds, in this order of precedence, a loader while the
 * first page loads, the error with "Try again", the empty state, or the table; under it, the
 * count and the pages. Drawers and dialogs of the page go in `children`.
 */
export function ListPage<D>({
  documentTitle,
  title,
  description,
  actions,
  intro,
  filters,
  query,
  loadingLabel,
  errorTitle,
  isEmpty,
  empty,
  table,
  pagination,
  children,
}: {
  /** The browser tab's title. */
  documentTitle: string;
  title: ReactNode;
  description: ReactNode;
  /** Beside the heading; null hides them (nothing to export or search yet). */
  actions?: ReactNode;
  /** Between the heading and the filters: settings or figures of the whole list. */
  intro?: ReactNode;
  /** Above the card, in a wrapping row: `ListSearch` and selects. */
  filters?: ReactNode;
  query: ListQuery<D>;
  loadingLabel: string;
  errorTitle: string;
  isEmpty: (data: D) => boolean;
  empty: ListEmpty;
  table: (data: D) => ReactNode;
  /** Null when there is nothing to count. */
  pagination?: (data: D) => ListPages | null;
  children?: ReactNode;
}) {
  const data = query.data;
  const pages = data === undefined ? null : (pagination?.(data) ?? null);
  return (
    <Stack gap="lg">
      <title>{documentTitle}</title>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} maw={560}>
          <Title order={2} fz="xl">
            {title}
          </Title>
          <Text size="sm" c="gray.7">
            {description}
          </Text>
        </Stack>
        {actions ?? null}
      </Group>

      {intro}

      {filters ? (
        <Group gap="sm" align="flex-end" wrap="wrap">
          {filters}
        </Group>
      ) : null}

      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        {query.isPending ? (
          <InlineLoader label={loadingLabel} />
        ) : query.isError || data === undefined ? (
          <Stack gap="sm" p="md">
            <ErrorAlert error={query.error} title={errorTitle} />
            <Button variant="default" w="fit-content" onClick={() => query.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        ) : isEmpty(data) ? (
          <EmptyState icon={empty.icon} variant="light" py="xl">
            <EmptyState.Title order={3}>{empty.title}</EmptyState.Title>
            {empty.description ? <EmptyState.Description>{empty.description}</EmptyState.Description> : null}
            {empty.actions ? <EmptyState.Actions>{empty.actions}</EmptyState.Actions> : null}
          </EmptyState>
        ) : (
          table(data)
        )}
      </Paper>

      {pages ? <ListPagination {...pages} /> : null}
      {children}
    </Stack>
  );
}

/** The search box of a list, debounced by the page with `useSearchBox`. */
export function ListSearch({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (text: string) => void;
  placeholder: string;
}) {
  const { t } = useLingui();
  return (
    <TextInput
      label={t`Search`}
      placeholder={placeholder}
      leftSection={<SearchIcon size={16} />}
      type="search"
      value={value}
      onChange={(change) => onChange(change.currentTarget.value)}
      w={{ base: '100%', xs: 280 }}
    />
  );
}
