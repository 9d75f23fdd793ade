import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import type { EventResponse } from '../../../common/events';
import type { TaxOrFeeResponse } from '../../../common/taxes-fees';
import { TicketRequest, type TicketResponse } from '../../../common/tickets';
import { useAmountError } from '../../components/AmountField';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormModal, ModalForm } from '../../components/FormModal';
import { validateWith } from '../../components/form-errors';
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
    <FormModal
      opened
      onClose={onClose}
      title={ticket ? t`Edit ticket` : t`Create a ticket`}
      size="xl"
      centered={false}
      fullScreen={narrow}
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
    </FormModal>
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
  const { t } = useLingui();
  const context: TicketContext = { currency: event.currency, timezone: event.timezone };
  const create = useCreateTicket(event.id);
  const update = useUpdateTicket(event.id);
  const amountError = useAmountError();
  const schemaErrors = validateWith(TicketRequest, (v: TicketValues) => toTicketRequest(v, context));

  // Amounts the schema would only call missing, or cap in minor units, get a message in major units.
  const amountErrors = (v: TicketValues): Record<string, string> => {
    const errors: Record<string, string> = {};
    const check = (typed: string, field: string) => {
      const problem = amountError(typed, event.currency, { example: 2500, allowEmpty: true });
      if (problem !== null) errors[field] = problem;
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

  const save = (values: TicketValues) => {
    const body = toTicketRequest(values, context);
    return ticket ? update.mutateAsync({ id: ticket.id, body }) : create.mutateAsync(body);
  };
  const onSaved = () => {
    const title = form.getValues().title.trim();
    notify(ticket ? t`${title} has been saved.` : t`${title} has been created.`);
    onClose();
  };

  return (
    <ModalForm
      form={form}
      save={save}
      onSaved={onSaved}
      onCancel={onClose}
      submitLabel={ticket ? t`Save ticket` : t`Create ticket`}
      errorAtEnd
      gap="lg"
    >
      <TicketFields form={form} event={event} taxes={taxes} ticket={ticket} />
    </ModalForm>
  );
}
