import { Trans, useLingui } from '@lingui/react/macro';
import { Button, CopyButton, Group, Textarea } from '@mantine/core';

/** An embed code to paste into a website, selected on focus, with a button that copies it. */
export function EmbedCode({
  code,
  description,
  minRows,
  testId,
}: {
  code: string;
  description?: string;
  minRows: number;
  testId: string;
}) {
  const { t } = useLingui();
  return (
    <>
      <Textarea
        label={t`Embed code`}
        description={description}
        value={code}
        readOnly
        autosize
        minRows={minRows}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        onFocus={(e) => e.currentTarget.select()}
        data-testid={testId}
      />
      <Group>
        <CopyButton value={code} timeout={3000}>
          {({ copied, copy }) => (
            <Button onClick={copy} color={copied ? 'teal.9' : undefined}>
              {copied ? <Trans>Copied</Trans> : <Trans>Copy code</Trans>}
            </Button>
          )}
        </CopyButton>
      </Group>
    </>
  );
}
