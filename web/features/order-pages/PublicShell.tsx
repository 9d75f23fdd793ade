import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AlertIcon, TicketOffIcon } from '../../components/icons';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { Logo } from '../../components/Logo';
import './order-pages.css';

/** The frame of the buyer's order and ticket pages: the logo and the language, then the page. */
export function PublicShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box className="order-page-shell">
      <title>{`${title} · Tessera`}</title>
      <Box
        component="header"
        className="order-page-no-print"
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size="md" py="sm">
          <Group justify="space-between">
            <Logo />
            <LanguageSwitcher nameVisibleFrom="xs" />
          </Group>
        </Container>
      </Box>
      <Container component="main" size="md" py={{ base: 'lg', sm: 40 }}>
        {children}
      </Container>
    </Box>
  );
}

/** A 404: the link points at nothing (any more). */
export function GoneState({ what }: { what: 'order' | 'ticket' }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
      <Stack align="center" gap="sm" ta="center">
        <TicketOffIcon size={40} />
        <Title order={1} fz="h2">
          {what === 'order' ? (
            <Trans>This order no longer exists</Trans>
          ) : (
            <Trans>This ticket no longer exists</Trans>
          )}
        </Title>
        <Text c="gray.7" maw={460}>
          <Trans>Check the link in your e-mail, or contact the organizer of the event.</Trans>
        </Text>
      </Stack>
    </Paper>
  );
}

/** Anything else that went wrong, with a way to try again. */
export function LoadErrorState({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useLingui();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} role="alert">
      <Stack align="center" gap="sm" ta="center">
        <AlertIcon size={40} />
        <Title order={1} fz="h2">
          <Trans>Something went wrong</Trans>
        </Title>
        <Text c="gray.7">{t`The page could not be loaded. Check your connection and try again.`}</Text>
        <Button onClick={onRetry} loading={retrying}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    </Paper>
  );
}
