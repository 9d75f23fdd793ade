import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Alert.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Checkbox, NumberInput, Select, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ORDER_TIMEOUT } from '../../../common/events';
import { AlertIcon } from '../../components/icons';

// biome-ignore lint/suspicious/noExplicitAny: shared by the event form (nested under `settings.`) and the defaults form.
type AnyForm = UseFormReturnType<any>;

/** The fields of one setting, at `prefix + name` of the form. */
interface FieldsProps {
  form: AnyForm;
  prefix?: string;
}

export function OrderTimeoutField({ form, prefix = '' }: FieldsProps) {
  const { t } = useLingui();
  const path = `${prefix}order_timeout_minutes`;
  const value = form.getValues() as Record<string, unknown>;
  const current = Number(
    prefix ? (value.settings as Record<string, unknown>)?.order_timeout_minutes : value.order_timeout_minutes,
  );
  return (
    <div>
      <NumberInput
        label={t`Order timeout (minutes)`}
        description={t`How long a buyer has to finish checking out, from 1 to 120 minutes.`}
        min={ORDER_TIMEOUT.min}
        max={ORDER_TIMEOUT.max}
        allowDecimal={false}
        w={{ base: '100%', xs: 260 }}
        key={form.key(path)}
        {...form.getInputProps(path)}
      />
      {Number.isFinite(current) && current > 0 && current < ORDER_TIMEOUT.recommendedMin ? (
        <Alert color="yellow" variant="light" icon={<AlertIcon size={16} />} mt={8} p="xs" role="status">
          <Trans>Under 15 minutes, buyers may run out of time while paying.</Trans>
        </Alert>
      ) : null}
    </div>
  );
}

export function MessageFields({ form, prefix = '' }: FieldsProps) {
  const { t } = useLingui();
  return (
    <>
      <Textarea
        label={t`Message before checkout`}
        description={t`Shown at the top of the checkout.`}
        autosize
        minRows={2}
        key={form.key(`${prefix}pre_checkout_message`)}
        {...form.getInputProps(`${prefix}pre_checkout_message`)}
      />
      <Textarea
        label={t`Message after checkout`}
        description={t`Shown on the order confirmation page.`}
        autosize
        minRows={2}
        key={form.key(`${prefix}post_checkout_message`)}
        {...form.getInputProps(`${prefix}post_checkout_message`)}
      />
      <Textarea
        label={t`Ticket page message`}
        description={t`Printed on every ticket.`}
        autosize
        minRows={2}
        key={form.key(`${prefix}ticket_page_message`)}
        {...form.getInputProps(`${prefix}ticket_page_message`)}
      />
    </>
  );
}

export function FooterField({ form, prefix = '' }: FieldsProps) {
  const { t } = useLingui();
  return (
    <Textarea
      label={t`E-mail footer`}
      description={t`Added at the end of every e-mail about this event.`}
      autosize
      minRows={2}
      key={form.key(`${prefix}footer_message`)}
      {...form.getInputProps(`${prefix}footer_message`)}
    />
  );
}

export function NotifyField({ form, prefix = '' }: FieldsProps) {
  const { t } = useLingui();
  return (
    <Checkbox
      label={t`E-mail the organizer about each new order`}
      key={form.key(`${prefix}notify_organizer_of_new_orders`)}
      {...form.getInputProps(`${prefix}notify_organizer_of_new_orders`, { type: 'checkbox' })}
    />
  );
}

export function TicketPdfField({ form, prefix = '' }: FieldsProps) {
  const { t } = useLingui();
  return (
    <Checkbox
      label={t`Attach the tickets as a PDF to the order e-mails`}
      key={form.key(`${prefix}attach_ticket_pdf`)}
      {...form.getInputProps(`${prefix}attach_ticket_pdf`, { type: 'checkbox' })}
    />
  );
}

export function SearchIndexingField({ form, prefix = '' }: FieldsProps) {
  const { t } = useLingui();
  return (
    <Checkbox
      label={t`Let search engines index the event page`}
      key={form.key(`${prefix}allow_search_indexing`)}
      {...form.getInputProps(`${prefix}allow_search_indexing`, { type: 'checkbox' })}
    />
  );
}

export function PriceDisplayField({ form, prefix = '' }: FieldsProps) {
  const { t } = useLingui();
  return (
    <Select
      label={t`Prices are shown`}
      allowDeselect={false}
      // As wide as its card allows, up to 320 px: the designer's column is narrower than that.
      w="100%"
      maw={320}
      data={[
        { value: 'INCLUSIVE', label: t`Including taxes and fees` },
        { value: 'EXCLUSIVE', label: t`Before taxes and fees` },
      ]}
      key={form.key(`${prefix}price_display_mode`)}
      {...form.getInputProps(`${prefix}price_display_mode`)}
    />
  );
}

export function OfflinePaymentFields({ form, prefix = '' }: FieldsProps) {
  const { t } = useLingui();
  return (
    <>
      <Checkbox
        label={t`Let buyers pay offline (bank transfer, cash at the door)`}
        description={t`Their orders wait as "awaiting payment", with the seats held, until you mark them paid.`}
        key={form.key(`${prefix}offline_payments_enabled`)}
        {...form.getInputProps(`${prefix}offline_payments_enabled`, { type: 'checkbox' })}
      />
      <Textarea
        label={t`How to pay offline`}
        description={t`Shown to buyers who choose to pay offline, and in their order e-mail.`}
        autosize
        minRows={2}
        key={form.key(`${prefix}offline_payment_instructions`)}
        {...form.getInputProps(`${prefix}offline_payment_instructions`)}
      />
    </>
  );
}
