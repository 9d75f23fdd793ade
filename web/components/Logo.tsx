import { Group, Text } from '@mantine/core';

/** The mosaic mark and the product name, for headers. The name is a brand and is not translated. */
export function Logo() {
  return (
    <Group gap={10} wrap="nowrap">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect x="2" y="2" width="13" height="13" rx="3" fill="var(--mantine-color-tessera-9)" />
        <rect x="17" y="2" width="13" height="13" rx="3" fill="var(--mantine-color-tessera-6)" />
        <rect x="2" y="17" width="13" height="13" rx="3" fill="var(--mantine-color-tessera-6)" />
        <rect x="17" y="17" width="13" height="13" rx="3" fill="#f59f3b" />
      </svg>
      <Text component="span" fw={700} fz="xl" c="tessera.9" lh={1}>
        Tessera
      </Text>
    </Group>
  );
}
