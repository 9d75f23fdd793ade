import { Box, Center, Container, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { Logo } from '../../components/Logo';

/** Login, registration and password pages: the brand, a language choice, and one card. */
export function AuthLayout() {
  return (
    <Box
      mih="100dvh"
      style={{
        background:
          'radial-gradient(1200px 600px at 10% -10%, var(--mantine-color-tessera-1), transparent 60%), var(--mantine-color-gray-0)',
      }}
    >
      <Container component="header" size="lg" py="md">
        <Group justify="space-between" wrap="nowrap">
          <Logo />
          <LanguageSwitcher />
        </Group>
      </Container>
      <Center component="main" px="md" pt={{ base: 'md', sm: 48 }} pb="xl">
        <Box w="100%" maw={420}>
          <Outlet />
        </Box>
      </Center>
    </Box>
  );
}
