import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Group,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type BUYER_BUSINESS_MODES,
  InvoiceSettingsRequest,
  type InvoiceSettingsResponse,
} from '../../../common/invoices';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { isForbidden, NoPermissionPage, RequirePermission } from '../../components/NoPermission';
import { notify } from '../../components/notify';
import { QueryPage } from '../../components/QueryPage';
import { Section } from '../../components/Section';
import { useInvoiceSettings, useUpdateInvoiceSettings } from './api';

/** `/account/invoice-settings` (ADMIN): the seller's details and rules for invoices (decision 053). */
export function InvoiceSettingsPage() {
  return (
    <RequirePermission permission="account.manage">
      <InvoiceSettings />
    </RequirePermission>
  );
}

function InvoiceSettings() {
  const { t } = useLingui();
  return (
    <QueryPage
      query={useInvoiceSettings()}
      pageTitle={t`Invoice settings`}
      errorTitle={t`Could not load the invoice settings`}
      loading={t`Loading the invoice settings`}
    >
      {(settings) => <InvoiceSettingsForm settings={settings} />}
    </QueryPage>
  );
}

interface Values {
  enabled: boolean;
  legal_name: string;
  address: string;
  tax_id: string;
  prefix: string;
  next_number: number | string;
  payment_terms_days: number | string;
  notes: string;
  footer: string;
  attach_to_confirmation: boolean;
  buyer_business: (typeof BUYER_BUSINESS_MODES)[number];
}

const toValues = (s: InvoiceSettingsResponse): Values => ({
  ...s,
  tax_id: s.tax_id ?? '',
  notes: s.notes ?? '',
  footer: s.footer ?? '',
});

/** Empty text is "none" (null); the next number is sent only when it was changed. */
const toRequest =
  (current: number) =>
  (v: Values): InvoiceSettingsRequest => {
    const next = v.next_number === '' ? Number.NaN : Number(v.next_number);
    return {
      ...v,
      tax_id: v.tax_id.trim() || null,
      notes: v.notes.trim() || null,
      footer: v.footer.trim() || null,
      payment_terms_days: v.payment_terms_days === '' ? Number.NaN : Number(v.payment_terms_days),
      ...(next === current ? { next_number: undefined } : { next_number: next }),
    };
  };

function InvoiceSettingsForm({ settings }: { settings: InvoiceSettingsResponse }) {
  const { t } = useLingui();
  const update = useUpdateInvoiceSettings();
  const request = toRequest(settings.next_number);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: toValues(settings),
    validate: validateWith(InvoiceSettingsRequest, request),
  });
  if (update.error && isForbidden(update.error)) return <NoPermissionPage />;

  const submit = form.onSubmit(
    (values) =>
      update.mutate(request(values), {
        onSuccess: (saved) => {
          form.setValues(toValues(saved));
          form.resetDirty(toValues(saved));
          notify(t`The invoice settings have been saved.`);
        },
        onError: (error) => form.setErrors(firstMessages(apiFieldErrors(error))),
      }),
    focusFirstError(form),
  );
  const prefix = form.getValues().prefix;
  const next = form.getValues().next_number;

  return (
    <form onSubmit={submit} noValidate aria-label={t`Invoice settings`}>
      <Stack gap="lg">
        <ErrorAlert error={update.error} />
        <Section
          title={t`Invoices`}
          description={t`When on, every completed order gets an invoice, and an order paid offline an unpaid one with its due date. Orders completed before are not invoiced.`}
        >
          <Switch
            label={t`Issue invoices`}
            key={form.key('enabled')}
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
          <Switch
            label={t`Attach the invoice to the order confirmation`}
            key={form.key('attach_to_confirmation')}
            {...form.getInputProps('attach_to_confirmation', { type: 'checkbox' })}
          />
          <Radio.Group
            label={t`Ask buyers for a company`}
            description={t`Whether checkout asks for a company name, its address and VAT number, printed on the invoice.`}
            key={form.key('buyer_business')}
            {...form.getInputProps('buyer_business')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="OFF" label={t`No`} />
              <Radio value="OPTIONAL" label={t`Yes, optional`} />
              <Radio value="REQUIRED" label={t`Yes, required`} />
            </Stack>
          </Radio.Group>
        </Section>
        <Section
          title={t`Seller`}
          description={t`Printed at the top of every invoice, as it is when it is issued.`}
        >
          <TextInput
            label={t`Legal name`}
            required
            key={form.key('legal_name')}
            {...form.getInputProps('legal_name')}
          />
          <Textarea
            label={t`Address`}
            description={t`As printed, one line per line.`}
            required
            autosize
            minRows={3}
            key={form.key('address')}
            {...form.getInputProps('address')}
          />
          <TextInput
            label={t`VAT or tax number`}
            description={t`Optional.`}
            key={form.key('tax_id')}
            {...form.getInputProps('tax_id')}
          />
        </Section>
        <Section
          title={t`Numbers and payment`}
          description={t`Invoices and credit notes share one series of numbers, without gaps.`}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t`Number prefix`}
              description={t`Letters, digits and - / . _ , e.g. INV-2031-`}
              key={form.key('prefix')}
              {...form.getInputProps('prefix')}
            />
            <NumberInput
              label={t`Next number`}
              description={t`The next invoice is ${prefix}${next}. It can only move above the numbers given.`}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              key={form.key('next_number')}
              {...form.getInputProps('next_number')}
            />
            <NumberInput
              label={t`Payment terms (days)`}
              description={t`For offline payments: the invoice is due this many days after it is issued.`}
              min={0}
              max={365}
              allowDecimal={false}
              allowNegative={false}
              key={form.key('payment_terms_days')}
              {...form.getInputProps('payment_terms_days')}
            />
          </SimpleGrid>
        </Section>
        <Section title={t`Texts`}>
          <Textarea
            label={t`Notes`}
            description={t`Printed under the totals, e.g. bank details. Optional.`}
            autosize
            minRows={2}
            key={form.key('notes')}
            {...form.getInputProps('notes')}
          />
          <Textarea
            label={t`Footer`}
            description={t`Printed at the bottom, e.g. the company's registration. Optional.`}
            autosize
            minRows={2}
            key={form.key('footer')}
            {...form.getInputProps('footer')}
          />
        </Section>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            <Trans>Save settings</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
