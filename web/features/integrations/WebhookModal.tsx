import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { CreatedWebhookResponse, WebhookResponse } from '../../../common/webhooks';
import { WebhookForm } from './WebhookForm';

/**
 * Adds an endpoint, then shows its signing secret once with a copy button (closing forgets
 * it); or changes an endpoint (`webhook` given).
 */
export function WebhookModal({
  opened,
  webhook,
  onClose,
}: {
  opened: boolean;
  webhook: WebhookResponse | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [created, setCreated] = useState<CreatedWebhookResponse | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  const title = created
    ? t`Copy the signing secret`
    : webhook
      ? t`Edit the webhook endpoint`
      : t`Add a webhook endpoint`;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      size="xl"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {created ? (
        <ShowSecretOnce created={created} onDone={close} />
      ) : (
        <WebhookForm webhook={webhook} onCreated={setCreated} onDone={close} />
      )}
    </Modal>
  );
}

function ShowSecretOnce({ created, onDone }: { created: CreatedWebhookResponse; onDone: () => void }) {
  const { t } = useLingui();
  const url = created.url;
  return (
    <Stack gap="md">
      <Alert
        color="orange"
        variant="light"
        title={t`This is the only time the secret is shown`}
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        <Trans>
          Copy it now into the receiving tool’s settings: it checks with it that each delivery comes from
          Tessera. If it is lost, delete the endpoint and add it again for a new secret.
        </Trans>
      </Alert>
      <Text size="sm">
        <Trans>
          Signing secret of <b style={{ overflowWrap: 'anywhere' }}>{url}</b>:
        </Trans>
      </Text>
      <Code
        block
        data-testid="new-webhook-secret"
        style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
      >
        {created.secret}
      </Code>
      <Group justify="flex-end" gap="sm">
        <CopyButton value={created.secret}>
          {({ copied, copy }) => (
            <>
              {/* Said by screen readers once the secret is on the clipboard. */}
              <VisuallyHidden role="status">{copied ? t`Copied` : ''}</VisuallyHidden>
              <Button
                variant={copied ? 'outline' : 'filled'}
                color={copied ? 'teal.9' : undefined}
                onClick={copy}
              >
                {copied ? t`Copied` : t`Copy secret`}
              </Button>
            </>
          )}
        </CopyButton>
        <Button variant="default" onClick={onDone}>
          <Trans>Done</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
