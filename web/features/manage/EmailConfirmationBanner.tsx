import '@mantine/core/styles/Alert.css';
import { Trans } from '@lingui/react/macro';
import { Alert, Button, Group, Text } from '@mantine/core';
import type { MeResponse } from '../../../common/users';
import { errorMessage } from '../../components/api-error';
import { notify } from '../../components/notify';
import { MailIcon } from '../../components/organizer-icons';
import { useResendEmailConfirmation } from '../profile/api';

/**
 * Shown on every organizer page until the e-mail address is confirmed (going live
 * and sending messages need it), with a way to get the link again.
 */
export function EmailConfirmationBanner({ me }: { me: MeResponse }) {
  const resend = useResendEmailConfirmation();
  const email = me.email;

  const send = () =>
    resend.mutate(me.id, {
      onSuccess: (answer) => notify(answer.message),
      onError: (error) => notify(errorMessage(error), 'error'),
    });

  return (
    <Alert color="yellow" variant="light" icon={<MailIcon />} role="status" mb="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" maw={720}>
          <Trans>
            <strong>Confirm your e-mail address.</strong> We sent a link to {email}. Until you open it, you
            cannot make events live or send messages.
          </Trans>
        </Text>
        <Button size="xs" variant="default" onClick={send} loading={resend.isPending}>
          <Trans>Send the link again</Trans>
        </Button>
      </Group>
    </Alert>
  );
}
