import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Alert.css';
import { Trans } from '@lingui/react/macro';
import { Alert, Anchor, Button, Container, Paper, Stack, Title } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import type { MeResponse } from '../../../common/users';
import { errorMessage, isDeadLink } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { AlertIcon, CheckIcon } from '../../components/icons';
import { useMe } from './api';

type ConfirmMutation = UseMutationResult<MeResponse, Error, { userId: number; token: string }>;

/**
 * A page a link from an e-mail opens while logged in: it sends the token once (a second POST
 * would find it used), then says how it went and where to go next.
 */
export function ConfirmLinkPage({
  title,
  mutation,
  success,
}: {
  title: string;
  mutation: ConfirmMutation;
  success: (me: MeResponse) => ReactNode;
}) {
  const { token = '' } = useParams();
  const me = useMe();
  const userId = me.data?.id;
  const sent = useRef(false);
  const { mutate } = mutation;

  useEffect(() => {
    if (userId === undefined || sent.current) return;
    sent.current = true;
    mutate({ userId, token });
  }, [userId, token, mutate]);

  const retry = () => userId !== undefined && mutate({ userId, token });

  let body: ReactNode;
  if (mutation.isSuccess) {
    body = (
      <Alert color="teal" variant="light" icon={<CheckIcon />} role="status">
        {success(mutation.data)}
      </Alert>
    );
  } else if (mutation.isError && isDeadLink(mutation.error)) {
    body = (
      <Alert color="red" variant="light" icon={<AlertIcon />}>
        {errorMessage(mutation.error)} <Trans>You can ask for a new link on your profile page.</Trans>
      </Alert>
    );
  } else if (mutation.isError) {
    body = (
      <Stack gap="sm">
        <ErrorAlert error={mutation.error} />
        <Button variant="default" onClick={retry} w="fit-content">
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    );
  } else {
    body = <InlineLoader />;
  }

  return (
    <Container size="sm" py="md" px={0}>
      <title>{`${title} · Tessera`}</title>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Title order={1} fz={26}>
            {title}
          </Title>
          {body}
          {mutation.isPending || mutation.isIdle ? null : (
            <Anchor component={Link} to="/manage/profile" fw={600}>
              <Trans>Go to your profile</Trans>
            </Anchor>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
