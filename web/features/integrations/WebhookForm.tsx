import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/InlineInput.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LIMITS } from '../../../common/limits';
import {
  type CreatedWebhookResponse,
  CreateWebhookRequest,
  type WebhookEventType,
  type WebhookResponse,
} from '../../../common/webhooks';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { notify } from '../../components/notify';
import { EventFilterField, EventTypesField } from './WebhookFormFields';
import { useCreateWebhook, useUpdateWebhook } from './webhooks-api';

interface Values {
  url: string;
  description: string;
  event_types: WebhookEventType[];
  /** The chosen event's id as the select holds it, or null for every event. */
  event_id: string | null;
  active: boolean;
  /** Also the old `Tessera-Webhook-*` headers: endpoints made before decision 045, until off. */
  legacy_headers: boolean;
}

const initialValues = (webhook: WebhookResponse | null): Values =>
  webhook
    ? {
        url: webhook.url,
        description: webhook.description,
        event_types: webhook.event_types,
        event_id: webhook.event_id === null ? null : String(webhook.event_id),
        active: webhook.active,
        legacy_headers: webhook.legacy_headers,
      }
    : { url: '', description: '', event_types: [], event_id: null, active: true, legacy_headers: false };

const toRequest = (v: Values): CreateWebhookRequest => ({
  url: v.url.trim(),
  description: v.description,
  event_types: v.event_types,
  event_id: v.event_id === null ? null : Number(v.event_id),
  active: v.active,
});

/** The API names a refused type by its place in the list (`event_types.2`); the form has one field. */
function toFormErrors(errors: Record<string, string[]>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, message] of Object.entries(firstMessages(errors))) {
    const name = field.startsWith('event_types') ? 'event_types' : field;
    result[name] ??= message;
  }
  return result;
}

/**
 * Adds an endpoint (`webhook` null) or changes one. A new endpoint is handed to `onCreated`
 * with its secret; a change closes the form with a notice.
 */
export function WebhookForm({
  webhook,
  onCreated,
  onDone,
}: {
  webhook: WebhookResponse | null;
  onCreated: (created: CreatedWebhookResponse) => void;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const save = webhook ? update : create;
  // An empty address is "required", not "not a valid web address".
  const schemaErrors = validateWith(CreateWebhookRequest, (v: Values) => ({
    ...toRequest(v),
    url: v.url.trim() || undefined,
  }));
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: initialValues(webhook),
    validate: (values) => {
      const errors = schemaErrors(values);
      if (values.event_types.length === 0) errors.event_types = t`Choose at least one event type.`;
      return errors;
    },
  });

  const submit = form.onSubmit((values) => {
    const body = toRequest(values);
    const onError = (error: unknown) => form.setErrors(toFormErrors(apiFieldErrors(error)));
    if (!webhook) {
      create.mutate(body, { onSuccess: onCreated, onError });
      return;
    }
    // Only ever turned off: the API refuses to turn the old headers on.
    const legacy = webhook.legacy_headers && !values.legacy_headers ? { legacy_headers: false as const } : {};
    update.mutate(
      { id: webhook.id, body: { ...body, ...legacy } },
      {
        onSuccess: (saved) => {
          const url = saved.url;
          notify(t`The endpoint ${url} has been saved.`);
          onDone();
        },
        onError,
      },
    );
  }, focusFirstError(form));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorAlert error={save.error} />
        <TextInput
          type="url"
          label={t`Endpoint URL`}
          description={t`Where Tessera POSTs each event, over http or https. It must answer 2xx within 10 seconds.`}
          placeholder="https://example.com/webhooks/tessera"
          required
          data-autofocus
          autoComplete="off"
          spellCheck={false}
          maxLength={LIMITS.webhook.urlMax}
          key={form.key('url')}
          {...form.getInputProps('url')}
        />
        <TextInput
          label={t`Description`}
          description={t`Optional. What the endpoint is for, e.g. CRM or door system.`}
          autoComplete="off"
          maxLength={LIMITS.webhook.descriptionMax}
          key={form.key('description')}
          {...form.getInputProps('description')}
        />
        <EventTypesField key={form.key('event_types')} {...form.getInputProps('event_types')} />
        <EventFilterField key={form.key('event_id')} {...form.getInputProps('event_id')} />
        <Switch
          label={t`Active`}
          description={t`An inactive endpoint is sent nothing until it is switched on again; test events still go.`}
          key={form.key('active')}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        {webhook?.legacy_headers ? (
          <Switch
            label={t`Also send the old Tessera-Webhook headers`}
            description={t`For receivers written before deliveries followed Standard Webhooks. Switch it off once yours checks the webhook-signature header; it cannot be switched on again.`}
            key={form.key('legacy_headers')}
            {...form.getInputProps('legacy_headers', { type: 'checkbox' })}
          />
        ) : null}
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={save.isPending}>
            {webhook ? <Trans>Save endpoint</Trans> : <Trans>Add endpoint</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
