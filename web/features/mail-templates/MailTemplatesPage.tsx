import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../../common/i18n/locales';
import { MAIL_TEMPLATE_KINDS, type MailTemplateKind } from '../../../common/mail-templates';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { useEventId } from '../events/EventLayout';
import { type TemplateScope, useMailTemplates } from './api';
import { KIND_LABELS, SOURCE_LABELS } from './labels';
import { TemplateForm } from './TemplateForm';

/** `/account/mail-templates`: the account's own wording of Tessera's mails. */
export function AccountMailTemplatesPage() {
  return <MailTemplatesScreen scope={{ eventId: null }} />;
}

/** `/manage/event/:eventId/mail-templates`: the event's own, falling back to the account's. */
export function EventMailTemplatesPage() {
  const eventId = useEventId() ?? 0;
  return <MailTemplatesScreen scope={{ eventId }} />;
}

/**
 * One kind of mail in one language at a time: where its text comes from, the subject and the
 * body in the rich-text editor with the kind's placeholders, preview, test and reset.
 */
function MailTemplatesScreen({ scope }: { scope: TemplateScope }) {
  const { t, i18n } = useLingui();
  const list = useMailTemplates(scope);
  const [kind, setKind] = useState<MailTemplateKind>('order_confirmation');
  const [locale, setLocale] = useState<Locale>(isLocale(i18n.locale) ? i18n.locale : 'en');
  const title = t`E-mail templates`;
  const heading = (
    <>
      <title>{`${title} · Tessera`}</title>
      <Title order={2} fz="xl">
        {title}
      </Title>
      <Text c="dimmed" size="sm" maw={720}>
        {scope.eventId === null ? (
          <Trans>
            Write the opening of Tessera's e-mails in your own words, per language. Prices, tickets with their
            QR codes, buttons and attachments stay as they are. Events use these unless they have their own.
          </Trans>
        ) : (
          <Trans>
            Write the opening of this event's e-mails in your own words, per language. Without its own
            template, the event uses the account's, else Tessera's default text.
          </Trans>
        )}
      </Text>
    </>
  );
  if (list.isPending) {
    return (
      <Stack gap="md">
        {heading}
        <InlineLoader />
      </Stack>
    );
  }
  if (list.isError) {
    return (
      <Stack gap="md">
        {heading}
        <ErrorAlert error={list.error} title={t`Could not load the e-mail templates`} />
        <Button variant="default" w="fit-content" onClick={() => void list.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    );
  }
  const current = list.data.templates.find((tpl) => tpl.kind === kind && tpl.locale === locale);
  return (
    <Stack gap="md">
      {heading}
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label={t`E-mail`}
          data={MAIL_TEMPLATE_KINDS.map((value) => ({ value, label: i18n._(KIND_LABELS[value]) }))}
          value={kind}
          onChange={(value) => value && setKind(value as MailTemplateKind)}
          allowDeselect={false}
          w={320}
        />
        <Select
          label={t`Language`}
          data={LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
          value={locale}
          onChange={(value) => value && isLocale(value) && setLocale(value)}
          allowDeselect={false}
          w={220}
        />
      </Group>
      {current ? (
        <>
          <Group gap="xs">
            <Badge
              variant="light"
              color={current.source === 'DEFAULT' ? 'gray' : 'tessera'}
              data-testid="template-source"
            >
              {i18n._(SOURCE_LABELS[current.source])}
            </Badge>
          </Group>
          {kind === 'message_footer' && current.source === 'DEFAULT' ? (
            <Alert variant="light" color="gray">
              <Trans>
                Without a footer template, mails show the event's footer message from its settings.
              </Trans>
            </Alert>
          ) : null}
          <TemplateForm
            key={`${kind}:${locale}:${current.source}:${current.updated_at ?? ''}`}
            scope={scope}
            template={current}
            placeholders={list.data.placeholders[kind] ?? []}
          />
        </>
      ) : null}
    </Stack>
  );
}
