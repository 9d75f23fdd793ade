import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The card of a login, registration or password page: a page title, an intro and the content. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <title>{`${title} · Tessera`}</title>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={28}>
            {title}
          </Title>
          {intro ? <Text c="dimmed">{intro}</Text> : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
