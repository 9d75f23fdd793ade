import { Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A titled card of a settings page; the card is a region named by its title. */
export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id={titleId}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
