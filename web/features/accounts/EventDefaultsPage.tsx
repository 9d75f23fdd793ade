import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { EventDefaults } from '../../../common/event-defaults';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { InlineLoader } from '../../components/InlineLoader';
import { isForbidden, NoPermissionPage, RequirePermission } from '../../components/NoPermission';
import { notify } from '../../components/notify';
import { Section } from '../../components/Section';
import {
  FooterField,
  MessageFields,
  NotifyField,
  OrderTimeoutField,
  PriceDisplayField,
  SearchIndexingField,
} from '../events/SettingsFields';
import { eventDefaultsQuery, useUpdateEventDefaults } from './api';

/** `/account/event-defaults` (ADMIN): settings copied into every new event. */
export function EventDefaultsPage() {
  return (
    <RequirePermission permission="account.manage">
      <Defaults />
    </RequirePermission>
  );
}

function Defaults() {
  const { t } = useLingui();
  const defaults = useQuery(eventDefaultsQuery);
  const title = <title>{`${t`Event defaults`} · Tessera`}</title>;
  if (defaults.isPending) return <InlineLoader />;
  if (defaults.isError) {
    if (isForbidden(defaults.error)) return <NoPermissionPage />;
    return (
      <Stack gap="sm">
        {title}
        <ErrorAlert error={defaults.error} title={t`Could not load the event defaults`} />
        <Button variant="default" w="fit-content" onClick={() => defaults.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    );
  }
  return (
    <>
      {title}
      <DefaultsForm defaults={defaults.data} />
    </>
  );
}

type Values = Omit<
  EventDefaults,
  'pre_checkout_message' | 'post_checkout_message' | 'ticket_page_message' | 'footer_message'
> & {
  pre_checkout_message: string;
  post_checkout_message: string;
  ticket_page_message: string;
  footer_message: string;
};

const orNull = (value: string) => (value.trim() === '' ? null : value);
const toRequest = (v: Values): EventDefaults => ({
  ...v,
  order_timeout_minutes: Number(v.order_timeout_minutes),
  pre_checkout_message: orNull(v.pre_checkout_message),
  post_checkout_message: orNull(v.post_checkout_message),
  ticket_page_message: orNull(v.ticket_page_message),
  footer_message: orNull(v.footer_message),
});

function DefaultsForm({ defaults }: { defaults: EventDefaults }) {
  const { t } = useLingui();
  const update = useUpdateEventDefaults();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      ...defaults,
      pre_checkout_message: defaults.pre_checkout_message ?? '',
      post_checkout_message: defaults.post_checkout_message ?? '',
      ticket_page_message: defaults.ticket_page_message ?? '',
      footer_message: defaults.footer_message ?? '',
    },
    validate: validateWith(EventDefaults, toRequest),
  });
  if (update.error && isForbidden(update.error)) return <NoPermissionPage />;
  const submit = form.onSubmit(
    (values) =>
      update.mutate(toRequest(values), {
        onSuccess: () => {
          form.resetDirty();
          notify(t`The event defaults have been saved.`);
        },
        onError: (error) => form.setErrors(firstMessages(apiFieldErrors(error))),
      }),
    focusFirstError(form),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <ErrorAlert error={update.error} />
        <Section
          title={t`Checkout`}
          description={t`Every new event starts with these. Changing them does not change existing events.`}
        >
          <OrderTimeoutField form={form} />
          <MessageFields form={form} />
          <PriceDisplayField form={form} />
        </Section>
        <Section title={t`E-mail and notifications`}>
          <FooterField form={form} />
          <NotifyField form={form} />
        </Section>
        <Section title={t`Search engines`}>
          <SearchIndexingField form={form} />
        </Section>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            <Trans>Save defaults</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
