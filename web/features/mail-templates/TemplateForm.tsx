import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { hasSubject, type MailTemplateResponse, placeholderTag } from '../../../common/mail-templates';
import { apiFieldErrors, errorMessage } from '../../components/api-error';
import { ConfirmModal } from '../../components/ConfirmModal';
import { notify } from '../../components/notify';
import { MessageBodyEditor } from '../messages/MessageBodyEditor';
import {
  type TemplateScope,
  usePreviewMailTemplate,
  useResetMailTemplate,
  useSaveMailTemplate,
  useTestMailTemplate,
} from './api';
import { LINK_PLACEHOLDERS, PLACEHOLDER_LABELS } from './labels';

/** The subject and body of one kind and language, and what may be done with them. */
export function TemplateForm({
  scope,
  template,
  placeholders,
}: {
  scope: TemplateScope;
  template: MailTemplateResponse;
  placeholders: string[];
}) {
  const { t, i18n } = useLingui();
  const { kind, locale } = template;
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body_html);
  const [resetOpen, setResetOpen] = useState(false);
  const save = useSaveMailTemplate(scope);
  const reset = useResetMailTemplate(scope);
  const preview = usePreviewMailTemplate(scope);
  const test = useTestMailTemplate(scope);
  const ownSource = scope.eventId === null ? 'ACCOUNT' : 'EVENT';
  const withSubject = hasSubject(kind);
  const request = { kind, locale, subject: withSubject ? subject : '', body_html: body };
  // The last call's field errors (a refused template names its line and reason).
  const failed = [save, preview, test].find((m) => m.isError);
  const errors = failed ? apiFieldErrors(failed.error) : {};
  const otherError = failed && Object.keys(errors).length === 0 ? errorMessage(failed.error) : null;
  const busy = save.isPending || preview.isPending || test.isPending || reset.isPending;
  const items = placeholders.map((name) => ({
    token: placeholderTag(name),
    label: PLACEHOLDER_LABELS[name] ? i18n._(PLACEHOLDER_LABELS[name]) : name,
    link: LINK_PLACEHOLDERS.has(name),
  }));
  const clear = () => {
    for (const mutation of [save, preview, test]) mutation.reset();
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        clear();
        save.mutate({ ...request }, { onSuccess: () => notify(t`The template was saved.`) });
      }}
    >
      <Stack gap="md">
        {withSubject ? (
          <TextInput
            label={t`Subject`}
            value={subject}
            onChange={(event) => setSubject(event.currentTarget.value)}
            error={errors.subject?.join(' ')}
            description={t`Leave empty to keep Tessera's subject.`}
            data-path="subject"
          />
        ) : null}
        <MessageBodyEditor
          label={kind === 'message_footer' ? t`Footer` : t`Text`}
          description={t`Replaces the greeting and the first paragraphs of the e-mail. Placeholders are filled in for each e-mail.`}
          value={body}
          onChange={setBody}
          error={errors.body_html?.join(' ')}
          placeholders={{ hint: t`Insert:`, items }}
        />
        {otherError ? (
          <Text c="red.8" size="sm" role="alert">
            {otherError}
          </Text>
        ) : null}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending} disabled={busy}>
            <Trans>Save</Trans>
          </Button>
          <Button
            variant="default"
            loading={preview.isPending}
            disabled={busy}
            onClick={() => {
              clear();
              preview.mutate(request);
            }}
          >
            <Trans>Preview</Trans>
          </Button>
          <Button
            variant="default"
            loading={test.isPending}
            disabled={busy}
            onClick={() => {
              clear();
              test.mutate(request, {
                onSuccess: (sent) => notify(t`A test e-mail is on its way to ${sent.to}.`),
              });
            }}
          >
            <Trans>Send me a test</Trans>
          </Button>
          {template.source === ownSource ? (
            <Button variant="subtle" color="red" disabled={busy} onClick={() => setResetOpen(true)}>
              <Trans>Reset to default</Trans>
            </Button>
          ) : null}
        </Group>
        {preview.data ? (
          <Paper withBorder p="md" radius="md" aria-labelledby="mail-template-preview-title">
            <Text id="mail-template-preview-title" size="xs" c="dimmed" fw={600} tt="uppercase">
              <Trans>Preview with sample values</Trans>
            </Text>
            {withSubject ? (
              <Text fw={700} mt="xs" data-testid="mail-template-preview-subject">
                {preview.data.subject || template.subject}
              </Text>
            ) : null}
            <Box
              mt="xs"
              lang={locale}
              data-testid="mail-template-preview-body"
              // Sanitized by the server, values escaped (decision 055).
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized server-side
              dangerouslySetInnerHTML={{ __html: preview.data.body_html }}
            />
          </Paper>
        ) : null}
        <ConfirmModal
          opened={resetOpen}
          onClose={() => setResetOpen(false)}
          title={t`Reset to default?`}
          confirmLabel={t`Reset to default`}
          loading={reset.isPending}
          onConfirm={() =>
            reset.mutate(
              { kind, locale },
              {
                onSuccess: () => {
                  setResetOpen(false);
                  notify(t`The template was reset.`);
                },
              },
            )
          }
        >
          <Trans>Your wording of this e-mail in this language is deleted; the default applies again.</Trans>
        </ConfirmModal>
      </Stack>
    </form>
  );
}
