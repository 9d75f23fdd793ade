import { Trans } from '@lingui/react/macro';
import { Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A designer form's buttons: save, back to the defaults (not saved yet), and whether it has changes. */
export function DesignerActions({
  saving,
  dirty,
  onReset,
}: {
  saving: boolean;
  dirty: boolean;
  onReset: () => void;
}) {
  return (
    <Group gap="sm">
      <Button type="submit" loading={saving} data-testid="save-design">
        <Trans>Save design</Trans>
      </Button>
      <Button variant="default" onClick={onReset}>
        <Trans>Reset to defaults</Trans>
      </Button>
      {dirty ? (
        <Text size="sm" c="dimmed" data-testid="unsaved">
          <Trans>Unsaved changes</Trans>
        </Text>
      ) : null}
    </Group>
  );
}

/**
 * A designer's "Preview" card beside its form, staying in view while the form scrolls: its
 * title (`titleId` names the card), `aside` at the other end of its header, then the page.
 */
export function DesignerPreview({
  titleId,
  aside,
  children,
}: {
  titleId: string;
  aside: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      component="section"
      aria-labelledby={titleId}
      style={{ position: 'sticky', top: 16, overflow: 'hidden' }}
    >
      <Group
        justify="space-between"
        px="md"
        py="xs"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Text fw={700} id={titleId}>
          <Trans>Preview</Trans>
        </Text>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}
