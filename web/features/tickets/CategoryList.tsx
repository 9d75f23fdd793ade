import '@mantine/core/styles/ActionIcon.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { CategoryResponse } from '../../../common/categories';
import { HiddenBadge } from './labels';
import { MoveButtons } from './MoveButtons';

/** The categories in their order, each with its moves, edit, hide or show, and delete. */
export function CategoryList({
  categories,
  actions,
}: {
  categories: CategoryResponse[];
  actions: {
    move: (category: CategoryResponse, step: -1 | 1) => void;
    edit: (category: CategoryResponse) => void;
    toggleHidden: (category: CategoryResponse) => void;
    remove: (category: CategoryResponse) => void;
  };
}) {
  const { t } = useLingui();
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Categories`}>
      {categories.map((category, index) => {
        const name = category.name;
        const items = category.items;
        const first = index === 0;
        const last = index === categories.length - 1;
        return (
          <Paper component="li" key={category.id} withBorder radius="md" p="sm" data-testid="category-row">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Text>
                  {category.is_hidden ? <HiddenBadge /> : null}
                </Group>
                {category.description ? (
                  <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                    {category.description}
                  </Text>
                ) : null}
                <Text size="xs" c="gray.7">
                  <Trans>{items} items</Trans>
                </Text>
              </Stack>
              <MoveButtons
                name={name}
                first={first}
                last={last}
                onMove={(step) => actions.move(category, step)}
              />
            </Group>
            <Group gap="xs" mt="xs">
              <Button
                size="compact-sm"
                variant="default"
                aria-label={t`Edit ${name}`}
                onClick={() => actions.edit(category)}
              >
                <Trans>Edit</Trans>
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                aria-label={category.is_hidden ? t`Show ${name}` : t`Hide ${name}`}
                onClick={() => actions.toggleHidden(category)}
              >
                {category.is_hidden ? <Trans>Show</Trans> : <Trans>Hide</Trans>}
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                c="red.9"
                aria-label={t`Delete ${name}`}
                onClick={() => actions.remove(category)}
              >
                <Trans>Delete</Trans>
              </Button>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
