import '@mantine/core/styles/Alert.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Container, Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useMe } from '../../api/me';
import { errorMessage, isDeadLink } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { AlertIcon } from '../../components/icons';
import { useConfirmAccountDeletion } from './deletion-api';

/**
 * `/account/deletion/:token`, from the mail sent to the owner (decision 065): sends the token
 * once, then says when the account will be deleted and where to cancel.
 */
export function ConfirmAccountDeletionPage() {
  const { t, i18n } = useLingui();
  const { token = '' } = useParams();
  const me = useMe();
  const confirm = useConfirmAccountDeletion();
  const { mutate } = confirm;
  const sent = useRef(false);
  const ready = me.data !== undefined;

  useEffect(() => {
    if (!ready || sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [ready, token, mutate]);

  let body: ReactNode;
  if (confirm.isSuccess && confirm.data.delete_after) {
    const date = new Intl.DateTimeFormat(i18n.locale, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: me.data?.timezone ?? me.data?.account.timezone ?? 'UTC',
    }).format(new Date(confirm.data.delete_after));
    body = (
      <Alert color="red" variant="light" icon={<AlertIcon />} role="status">
        <Trans>
          The deletion is confirmed: the account will be deleted on {date}. Its events were taken off sale.
          You can still cancel in the account settings until then.
        </Trans>
      </Alert>
    );
  } else if (confirm.isError && isDeadLink(confirm.error)) {
    body = (
      <Alert color="red" variant="light" icon={<AlertIcon />}>
        {errorMessage(confirm.error)}
      </Alert>
    );
  } else if (confirm.isError) {
    body = (
      <Stack gap="sm">
        <ErrorAlert error={confirm.error} />
        <Button variant="default" onClick={() => mutate({ token })} w="fit-content">
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    );
  } else {
    body = <InlineLoader />;
  }

  const title = t`Delete this account`;
  return (
    <Container size="sm" py="md" px={0}>
      <title>{`${title} · Tessera`}</title>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Title order={1} fz={26}>
            {title}
          </Title>
          {body}
          {confirm.isPending || confirm.isIdle ? null : (
            <Anchor component={Link} to="/account/settings" fw={600}>
              <Trans>Go to the account settings</Trans>
            </Anchor>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
