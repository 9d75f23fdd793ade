import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { CategoryResponse } from '../../../common/categories';
import { errorMessage } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormModal } from '../../components/FormModal';
import { InlineLoader } from '../../components/InlineLoader';
import { notify } from '../../components/notify';
import { PlusIcon } from '../../components/organizer-icons';
import { CategoryForm } from './CategoryForm';
import { CategoryList } from './CategoryList';
import { useCategories, useDeleteCategory, useSortCategories, useUpdateCategory } from './categories-api';
import { moved } from './order';

type Mode =
  | { view: 'list' }
  | { view: 'form'; category: CategoryResponse | null }
  | { view: 'delete'; category: CategoryResponse };

/**
 * The event's catalogue categories in a dialog: listed in order, added, renamed and described,
 * hidden or shown, moved up or down (buttons, so by keyboard too) and deleted after a question.
 */
export function CategoriesModal({ eventId, onClose }: { eventId: number; onClose: () => void }) {
  const { t } = useLingui();
  const [mode, setMode] = useState<Mode>({ view: 'list' });
  const title = mode.view === 'form' ? (mode.category ? t`Edit category` : t`Add a category`) : t`Categories`;
  return (
    <FormModal opened onClose={onClose} title={title} size="lg">
      {mode.view === 'form' ? (
        <CategoryForm eventId={eventId} category={mode.category} onDone={() => setMode({ view: 'list' })} />
      ) : mode.view === 'delete' ? (
        <DeleteCategory eventId={eventId} category={mode.category} onDone={() => setMode({ view: 'list' })} />
      ) : (
        <Categories eventId={eventId} setMode={setMode} />
      )}
    </FormModal>
  );
}

function Categories({ eventId, setMode }: { eventId: number; setMode: (mode: Mode) => void }) {
  const { t } = useLingui();
  const categories = useCategories(eventId);
  const update = useUpdateCategory(eventId);
  const sort = useSortCategories(eventId);
  const [announcement, setAnnouncement] = useState('');

  if (categories.isPending) return <InlineLoader />;
  if (categories.isError) {
    return (
      <Stack gap="sm">
        <ErrorAlert error={categories.error} title={t`Could not load the categories`} />
        <Button variant="default" w="fit-content" onClick={() => void categories.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    );
  }

  const ids = categories.data.map((category) => category.id);
  const failed = (error: unknown) => notify(errorMessage(error), 'error');
  const actions = {
    move: (category: CategoryResponse, step: -1 | 1) => {
      const name = category.name;
      const position = ids.indexOf(category.id) + step + 1;
      sort.mutate(moved(ids, category.id, position - 1), {
        onSuccess: () => setAnnouncement(t`${name} moved to position ${position}.`),
        onError: failed,
      });
    },
    edit: (category: CategoryResponse) => setMode({ view: 'form', category }),
    toggleHidden: (category: CategoryResponse) => {
      const name = category.name;
      const body = { name, description: category.description, is_hidden: !category.is_hidden };
      update.mutate(
        { id: category.id, body },
        {
          onSuccess: () =>
            notify(body.is_hidden ? t`${name} is hidden from buyers.` : t`${name} is shown to buyers again.`),
          onError: failed,
        },
      );
    },
    remove: (category: CategoryResponse) => setMode({ view: 'delete', category }),
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        <Trans>Buyers see tickets and products under these headings, in this order.</Trans>
      </Text>
      {categories.data.length === 0 ? (
        <Text size="sm" fw={600}>
          <Trans>No categories yet</Trans>
        </Text>
      ) : (
        <CategoryList categories={categories.data} actions={actions} />
      )}
      <Button
        leftSection={<PlusIcon size={16} />}
        w="fit-content"
        onClick={() => setMode({ view: 'form', category: null })}
      >
        <Trans>Add a category</Trans>
      </Button>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </Stack>
  );
}

function DeleteCategory({
  eventId,
  category,
  onDone,
}: {
  eventId: number;
  category: CategoryResponse;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const remove = useDeleteCategory(eventId);
  const name = category.name;
  return (
    <Stack gap="lg">
      <Text fw={600}>{t`Delete ${name}?`}</Text>
      <Text size="sm">
        <Trans>The tickets and products it holds stay on sale, uncategorised. This cannot be undone.</Trans>
      </Text>
      <ErrorAlert error={remove.error} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          color="red.9"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(category.id, {
              onSuccess: () => {
                notify(t`${name} was deleted.`);
                onDone();
              },
            })
          }
        >
          <Trans>Delete category</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
