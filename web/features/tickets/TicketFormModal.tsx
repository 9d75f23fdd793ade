import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import type { CategoryResponse } from '../../../common/categories';
import type { EventResponse } from '../../../common/events';
import { VALIDATION } from '../../../common/i18n/validation';
import type { TaxOrFeeResponse } from '../../../common/taxes-fees';
import { type TicketKind, TicketRequest, type TicketResponse } from '../../../common/tickets';
import { useAmountError } from '../../components/AmountField';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormModal, ModalForm } from '../../components/FormModal';
import { validateWith } from '../../components/form-errors';
import { InlineLoader } from '../../components/InlineLoader';
import { notify } from '../../components/notify';
import { useCreateTicket, useTaxesAndFees, useTickets, useUpdateTicket } from './api';
import { useCategories } from './categories-api';
import {
  newTicketValues,
  type TicketContext,
  type TicketValues,
  ticketValues,
  toTicketRequest,
} from './form';
import { KIND_TEXT } from './kinds';
import { TicketFields } from './TicketFields';

/** Creates a ticket or product (`ticket` null) or changes one, in a dialog over the list. */
export function TicketFormModal({
  event,
  kind,
  ticket,
  onClose,
}: {
  event: EventResponse;
  kind: TicketKind;
  ticket: TicketResponse | null;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const taxes = useTaxesAndFees();
  const categories = useCategories(event.id);
  // A product's add-on rule names tickets of the event (the list's data, already cached).
  const items = useTickets(event.id);
  const needed = kind === 'PRODUCT' ? [taxes, categories, items] : [taxes, categories];
  const failed = needed.find((query) => query.isError);
  const ready = taxes.isSuccess && categories.isSuccess && (kind === 'TICKET' || items.isSuccess);
  const narrow = useMediaQuery('(max-width: 48em)');
  const text = KIND_TEXT[kind];
  return (
    <FormModal
      opened
      onClose={onClose}
      title={i18n._(ticket ? text.edit : text.create)}
      size="xl"
      centered={false}
      fullScreen={narrow}
    >
      {failed ? (
        <Stack gap="sm">
          <ErrorAlert error={failed.error} title={t`Could not load the form`} />
          <Button
            variant="default"
            w="fit-content"
            onClick={() => void Promise.all(needed.map((query) => query.refetch()))}
          >
            <Trans>Try again</Trans>
          </Button>
        </Stack>
      ) : ready ? (
        <TicketForm
          event={event}
          kind={kind}
          ticket={ticket}
          taxes={taxes.data}
          categories={categories.data}
          tickets={items.data ?? []}
          onClose={onClose}
        />
      ) : (
        <InlineLoader />
      )}
    </FormModal>
  );
}

function TicketForm({
  event,
  kind,
  ticket,
  taxes,
  categories,
  tickets,
  onClose,
}: {
  event: EventResponse;
  kind: TicketKind;
  ticket: TicketResponse | null;
  taxes: TaxOrFeeResponse[];
  categories: CategoryResponse[];
  tickets: readonly TicketResponse[];
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
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
    if (v.type === 'PAID' || v.type === 'DONATION' || v.kind === 'PRODUCT') check(v.price, 'price');
    if (v.type === 'TIERED') {
      for (const [i, tier] of v.prices.entries()) check(tier.price, `prices.${i}.price`);
    }
    return errors;
  };

  // The schema would say "at least 1 item"; the field names what is missing.
  const addonErrors = (v: TicketValues): Record<string, string> =>
    v.kind === 'PRODUCT' && v.addon.enabled && v.addon.ticket_ids.length === 0
      ? { 'addon.ticket_ids': i18n._(VALIDATION.noTicketSelected) }
      : {};

  const form = useForm<TicketValues>({
    mode: 'controlled',
    initialValues: ticket
      ? ticketValues(ticket, context)
      : newTicketValues(
          kind,
          taxes.filter((x) => x.is_default).map((x) => x.id),
        ),
    validate: (values) => ({ ...schemaErrors(values), ...amountErrors(values), ...addonErrors(values) }),
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
      submitLabel={i18n._(ticket ? KIND_TEXT[kind].saveSubmit : KIND_TEXT[kind].createSubmit)}
      errorAtEnd
      gap="lg"
    >
      <TicketFields
        form={form}
        event={event}
        taxes={taxes}
        categories={categories}
        ticket={ticket}
        tickets={tickets}
      />
    </ModalForm>
  );
}
