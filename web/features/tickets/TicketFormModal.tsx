import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import type { EventResponse } from '../../../common/events';
import { formatMoney, MAX_MINOR, readAmount, toMajorText } from '../../../common/money';
import type { TaxOrFeeResponse } from '../../../common/taxes-fees';
import { TicketRequest, type TicketResponse } from '../../../common/tickets';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { InlineLoader } from '../../components/InlineLoader';
import { notify } from '../../components/notify';
import { useCreateTicket, useTaxesAndFees, useUpdateTicket } from './api';
import {
  newTicketValues,
  type TicketContext,
  type TicketValues,
  ticketValues,
  toTicketRequest,
} from './form';
import { TicketFields } from './TicketFields';

/** Creates a ticket (`ticket` null) or changes one, in a dialog over the list. */
export function TicketFormModal({
  event,
  ticket,
  onClose,
}: {
  event: EventResponse;
  ticket: TicketResponse | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const taxes = useTaxesAndFees();
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened
      onClose={onClose}
      title={ticket ? t`Edit ticket` : t`Create a ticket`}
      size="xl"
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {taxes.isPending ? (
        <InlineLoader />
      ) : taxes.isError ? (
        <Stack gap="sm">
          <ErrorAlert error={taxes.error} title={t`Could not load the taxes and fees`} />
          <Button variant="default" w="fit-content" onClick={() => void taxes.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Stack>
      ) : (
        <TicketForm event={event} ticket={ticket} taxes={taxes.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function TicketForm({
  event,
  ticket,
  taxes,
  onClose,
}: {
  event: EventResponse;
  ticket: TicketResponse | null;
  taxes: TaxOrFeeResponse[];
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const context: TicketContext = { currency: event.currency, timezone: event.timezone };
  const create = useCreateTicket(event.id);
  const update = useUpdateTicket(event.id);
  const saving = ticket ? update : create;
  const example = toMajorText(2500, event.currency);
  const schemaErrors = validateWith(TicketRequest, (v: TicketValues) => toTicketRequest(v, context));

  // Amounts the schema would only call missing, or cap in minor units, get a message in major units.
  const amountErrors = (v: TicketValues): Record<string, string> => {
    const errors: Record<string, string> = {};
    const maximum = formatMoney(MAX_MINOR, event.currency, i18n.locale);
    const check = (typed: string, field: string) => {
      const { problem } = readAmount(typed, event.currency);
      if (problem === 'not_an_amount') errors[field] = t`Enter an amount such as ${example}.`;
      if (problem === 'too_large') errors[field] = t`At most ${maximum}.`;
    };
    if (v.type === 'PAID' || v.type === 'DONATION') check(v.price, 'price');
    if (v.type === 'TIERED') {
      for (const [i, tier] of v.prices.entries()) check(tier.price, `prices.${i}.price`);
    }
    return errors;
  };

  const form = useForm<TicketValues>({
    mode: 'controlled',
    initialValues: ticket
      ? ticketValues(ticket, context)
      : newTicketValues(taxes.filter((x) => x.is_default).map((x) => x.id)),
    validate: (values) => ({ ...schemaErrors(values), ...amountErrors(values) }),
  });

  const title = form.getValues().title.trim();
  const submit = form.onSubmit((values) => {
    const body = toTicketRequest(values, context);
    const done = {
      onSuccess: () => {
        notify(ticket ? t`${title} has been saved.` : t`${title} has been created.`);
        onClose();
      },
      onError: (error: Error) => form.setErrors(firstMessages(apiFieldErrors(error))),
    };
    if (ticket) update.mutate({ id: ticket.id, body }, done);
    else create.mutate(body, done);
  }, focusFirstError(form));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <TicketFields form={form} event={event} taxes={taxes} ticket={ticket} />
        <ErrorAlert error={saving.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={saving.isPending}>
            {ticket ? <Trans>Save ticket</Trans> : <Trans>Create ticket</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
