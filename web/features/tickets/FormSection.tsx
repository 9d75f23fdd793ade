import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled group of fields in the ticket form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
