import '@mantine/core/styles/Code.css';
import { Trans } from '@lingui/react/macro';
import { Anchor, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { WEBHOOKS_REFERENCE } from './webhook-labels';

// The formula itself is code: it reads the same in every language.
const FORMULA = 'v1,base64(HMAC-SHA256(secret_bytes, id + "." + timestamp + "." + raw_body))';

/** How a receiver checks that a delivery comes from Tessera (decisions 027, 045), in short. */
export function SignatureHelp() {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="lg" p="md" bg="gray.0">
      <Stack gap="xs">
        <Title order={3} fz="md" id={titleId}>
          <Trans>Verifying a delivery</Trans>
        </Title>
        <Text size="sm">
          <Trans>
            Deliveries follow the Standard Webhooks specification: each request carries the headers{' '}
            <Code>webhook-id</Code>, <Code>webhook-timestamp</Code> (Unix seconds) and{' '}
            <Code>webhook-signature</Code>. Check them with a Standard Webhooks library and the endpoint’s
            secret, or compute the HMAC-SHA256, keyed with the secret’s bytes, of the id, the timestamp and
            the body exactly as received, joined by dots:
          </Trans>
        </Text>
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {FORMULA}
        </Code>
        <Text size="sm">
          <Trans>
            Refuse requests whose timestamp is more than five minutes old. A resend keeps the body’s id, so an
            id already handled can be skipped. Details and an example are in the{' '}
            <Anchor href={WEBHOOKS_REFERENCE} target="_blank" size="sm" underline="always">
              API reference
            </Anchor>
            .
          </Trans>
        </Text>
      </Stack>
    </Paper>
  );
}
