import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Center, Image, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** The page shown for routing errors: not found for 404, a generic message otherwise. */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useLingui();
  const notFound = status === 404;
  const title = notFound ? t`Page not found` : t`Something went wrong`;

  return (
    <Center component="main" mih="100dvh" p="xl" bg="gray.0">
      <title>{`${title} · Tessera`}</title>
      <Stack align="center" gap="lg" maw={480} ta="center">
        <Image src="/logo-dark.svg" alt={t`Error`} w={200} h={48} />
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        <Text c="dimmed" size="lg">
          {notFound ? (
            <Trans>
              The page you are looking for does not exist. It may have been moved, or the address may be
              wrong.
            </Trans>
          ) : (
            <Trans>An unexpected error stopped this page from loading. Please try again in a moment.</Trans>
          )}
        </Text>
        <Anchor component={Link} to="/" fw={600} underline="always">
          <Trans>Go back to the home page</Trans>
        </Anchor>
      </Stack>
    </Center>
  );
}
