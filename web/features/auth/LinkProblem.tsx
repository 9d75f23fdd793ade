import '@mantine/core/styles/Alert.css';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AlertIcon } from '../../components/icons';

/** A link from an e-mail that cannot be used any more: why, and where to go instead. */
export function LinkProblem({
  message,
  action,
  to,
  tone = 'red',
}: {
  message: string;
  action: ReactNode;
  to: string;
  tone?: 'red' | 'blue';
}) {
  return (
    <Stack gap="md">
      <Alert color={tone} variant="light" icon={<AlertIcon />}>
        {message}
      </Alert>
      <Text ta="center">
        <Anchor component={Link} to={to} fw={600}>
          {action}
        </Anchor>
      </Text>
    </Stack>
  );
}
