import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Alert.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { saveBlob } from '../../components/download';

/** The recovery codes, shown once: to copy, download or print, then put away. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui();
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = codes.join('\n');
  return (
    <Alert
      color="orange"
      variant="light"
      title={t`Save your recovery codes`}
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="sm">
        <Text size="sm" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          <Trans>
            Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only
            now.
          </Trans>
        </Text>
        <SimpleGrid
          cols={{ base: 1, xs: 2 }}
          spacing={6}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {codes.map((code) => (
            <li key={code}>
              <Code fz="md">{code}</Code>
            </li>
          ))}
        </SimpleGrid>
        <Group gap="sm">
          <Button
            variant="default"
            onClick={() =>
              saveBlob(new Blob([`${text}\n`], { type: 'text/plain' }), 'tessera-recovery-codes.txt')
            }
          >
            <Trans>Download</Trans>
          </Button>
          <Button variant="default" onClick={() => navigator.clipboard?.writeText(text)}>
            <Trans>Copy</Trans>
          </Button>
          <Button onClick={onDone}>
            <Trans>I have saved them</Trans>
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
