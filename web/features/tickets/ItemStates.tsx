import '@mantine/core/styles/EmptyState.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, EmptyState, Group, Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { EventResponse } from '../../../common/events';
import type { TicketKind, TicketResponse } from '../../../common/tickets';
import { LoadError } from '../../components/LoadError';
import { PlusIcon } from '../../components/organizer-icons';
import { CategoriesModal } from './CategoriesModal';
import { KIND_TEXT } from './kinds';
import { TicketFormModal } from './TicketFormModal';

/** The tickets or products screen when its data could not be loaded, with a way to try again. */
export function ItemsLoadError({
  pageTitle,
  title,
  error,
  retry,
}: {
  pageTitle: string;
  title: string;
  error: unknown;
  retry: () => void;
}) {
  return (
    <LoadError error={error} title={title} onRetry={retry}>
      <title>{`${pageTitle} · Tessera`}</title>
    </LoadError>
  );
}

/** The screen of an event with none of its kind yet: what they are and a button to create one. */
export function ItemsEmpty({
  icon,
  title,
  description,
  createLabel,
  onCreate,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  createLabel: string;
  onCreate: () => void;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <EmptyState icon={icon} variant="light" py="xl">
        <EmptyState.Title order={3}>{title}</EmptyState.Title>
        <EmptyState.Description>{description}</EmptyState.Description>
        <EmptyState.Actions>
          <Button leftSection={<PlusIcon size={16} />} onClick={onCreate}>
            {createLabel}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}

/**
 * The frame of the tickets and the products screens: the heading with the categories and
 * create buttons, the empty state or the list (`children`, given the way to edit an item), and
 * the form and categories dialogs.
 */
export function ItemsScreen({
  kind,
  event,
  count,
  empty,
  children,
}: {
  kind: TicketKind;
  event: EventResponse;
  /** How many items of the kind the event has. */
  count: number;
  empty: { icon: ReactNode; title: string; description: string };
  children: (edit: (item: TicketResponse) => void) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState<TicketResponse | 'new' | null>(null);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const heading = kind === 'PRODUCT' ? t`Products` : t`Tickets`;
  const createLabel = i18n._(KIND_TEXT[kind].create);
  const create = () => setEditing('new');
  return (
    <Stack gap="md">
      <title>{`${heading} · ${event.title} · Tessera`}</title>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} fz="xl">
          {heading}
        </Title>
        <Group gap="sm">
          <Button variant="default" onClick={() => setCategoriesOpen(true)}>
            <Trans>Categories</Trans>
          </Button>
          {count > 0 ? (
            <Button leftSection={<PlusIcon size={16} />} onClick={create}>
              {createLabel}
            </Button>
          ) : null}
        </Group>
      </Group>
      {count === 0 ? (
        <ItemsEmpty {...empty} createLabel={createLabel} onCreate={create} />
      ) : (
        children(setEditing)
      )}
      {editing !== null ? (
        <TicketFormModal
          key={editing === 'new' ? 'new' : editing.id}
          event={event}
          kind={kind}
          ticket={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {categoriesOpen ? (
        <CategoriesModal eventId={event.id} onClose={() => setCategoriesOpen(false)} />
      ) : null}
    </Stack>
  );
}
