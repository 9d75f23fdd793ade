import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/ScrollArea.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ChangeEvent } from 'react';
import { VALIDATION } from '../../../common/i18n/validation';
import { formatMoney, MAX_MINOR, readAmount, toMajorText } from '../../../common/money';
import { PromoCodeRequest, type PromoCodeResponse } from '../../../common/promo-codes';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { notify } from '../../components/notify';
import { useTicketChoices } from '../tickets/api';
import { useCreatePromoCode, useUpdatePromoCode } from './api';
import { type EventMoney, initialValues, type PromoCodeValues, toRequest } from './form';

type PromoEvent = EventMoney & { id: number };

/** Adds or changes a promo code of the event (`code` null: a new one). */
export function PromoCodeModal({
  opened,
  code,
  event,
  onClose,
}: {
  opened: boolean;
  code: PromoCodeResponse | null;
  event: PromoEvent;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const name = code?.code ?? '';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={code ? t`Edit promo code ${name}` : t`Add a promo code`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <PromoCodeForm code={code} event={event} onDone={onClose} />
    </Modal>
  );
}

function PromoCodeForm({
  code,
  event,
  onDone,
}: {
  code: PromoCodeResponse | null;
  event: PromoEvent;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const create = useCreatePromoCode(event.id);
  const update = useUpdatePromoCode(event.id);
  const save = code ? update : create;
  const tickets = useTicketChoices(event.id);
  const example = toMajorText(500, event.currency);
  const schemaErrors = validateWith(PromoCodeRequest, (v: PromoCodeValues) => toRequest(v, event));
  const form = useForm<PromoCodeValues>({
    mode: 'controlled',
    initialValues: initialValues(code, event),
    validate: (values) => {
      const errors = schemaErrors(values);
      // The API's message speaks of cents; the form takes amounts and percentages as people type them.
      const { problem } = readAmount(values.discount, event.currency);
      if (values.discount_type === 'FIXED' && problem !== null) {
        const maximum = formatMoney(MAX_MINOR, event.currency, i18n.locale);
        errors.discount =
          problem === 'too_large' ? t`At most ${maximum}.` : t`Enter an amount such as ${example}.`;
      } else if (values.discount_type === 'PERCENTAGE' && errors.discount) {
        errors.discount = i18n._(VALIDATION.invalidRate);
      }
      return errors;
    },
  });
  const type = form.values.discount_type;

  // Codes are stored upper-case; show them so while typing, keeping the caret where it was.
  const typeCode = (change: ChangeEvent<HTMLInputElement>) => {
    const input = change.currentTarget;
    const { selectionStart, selectionEnd } = input;
    form.setFieldValue('code', input.value.toUpperCase());
    requestAnimationFrame(() => input.setSelectionRange(selectionStart, selectionEnd));
  };

  const submit = form.onSubmit((values) => {
    const body = toRequest(values, event);
    const options = {
      onSuccess: (saved: PromoCodeResponse) => {
        const savedCode = saved.code;
        notify(
          code ? t`Promo code ${savedCode} has been saved.` : t`Promo code ${savedCode} has been added.`,
        );
        onDone();
      },
      onError: (error: Error) => form.setErrors(firstMessages(apiFieldErrors(error))),
    };
    if (code) update.mutate({ id: code.id, body }, options);
    else create.mutate(body, options);
  }, focusFirstError(form));

  const timezone = event.timezone.replaceAll('_', ' ');
  const currency = event.currency;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorAlert error={save.error} />
        <TextInput
          label={t`Code`}
          description={t`3 to 50 letters, digits, dashes or underscores. Buyers may type it in any case.`}
          required
          data-autofocus
          autoComplete="off"
          spellCheck={false}
          ff="monospace"
          key={form.key('code')}
          {...form.getInputProps('code')}
          onChange={typeCode}
        />
        <Radio.Group
          label={t`Discount`}
          required
          key={form.key('discount_type')}
          {...form.getInputProps('discount_type')}
        >
          <Group gap="lg" mt="xs">
            <Radio value="PERCENTAGE" label={t`Percentage`} />
            <Radio value="FIXED" label={t`Fixed amount`} />
            <Radio value="NONE" label={t`No discount`} />
          </Group>
        </Radio.Group>
        {type === 'NONE' ? (
          <Text size="sm" c="dimmed">
            <Trans>
              The code takes nothing off. Buyers use it to see tickets that are hidden without a promo code.
            </Trans>
          </Text>
        ) : (
          <TextInput
            label={type === 'FIXED' ? t`Amount off each ticket` : t`Percentage off each ticket`}
            description={type === 'FIXED' ? t`In ${currency}, e.g. ${example}.` : t`E.g. 15 or 12.5.`}
            required
            inputMode="decimal"
            autoComplete="off"
            rightSection={
              <Text size="sm" c="dimmed" aria-hidden>
                {type === 'FIXED' ? event.currency : '%'}
              </Text>
            }
            rightSectionWidth={type === 'FIXED' ? 52 : 36}
            w={{ base: '100%', xs: 260 }}
            key={form.key('discount')}
            {...form.getInputProps('discount')}
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            type="datetime-local"
            label={t`Expires`}
            description={t`Event time (${timezone}). Empty: never.`}
            key={form.key('expiry_date')}
            {...form.getInputProps('expiry_date')}
          />
          <NumberInput
            label={t`Usage limit`}
            description={t`How many times it may be used. Empty: unlimited.`}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            key={form.key('max_allowed_usages')}
            {...form.getInputProps('max_allowed_usages')}
          />
        </SimpleGrid>
        <MultiSelect
          label={t`Applies to`}
          description={t`Leave empty for every ticket of the event, including tickets added later.`}
          placeholder={form.values.applicable_ticket_ids.length === 0 ? t`All tickets` : undefined}
          data={(tickets.data ?? []).map((ticket) => ({ value: String(ticket.id), label: ticket.title }))}
          disabled={!tickets.data}
          searchable
          clearable
          nothingFoundMessage={t`No ticket matches`}
          comboboxProps={{ withinPortal: true }}
          key={form.key('applicable_ticket_ids')}
          {...form.getInputProps('applicable_ticket_ids')}
          error={
            form.errors.applicable_ticket_ids ??
            (tickets.isError ? t`Could not load the tickets.` : undefined)
          }
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={save.isPending}>
            {code ? <Trans>Save</Trans> : <Trans>Add</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
