import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DATE_CANCELLATION_MESSAGE_MAX,
  type DateCancellationAction,
  DateCancellationRequest,
  type DateCancellationResponse,
} from '../../../common/date-cancellation';
import type { EventDateResponse } from '../../../common/event-dates';
import { FormModal, ModalForm } from '../../components/FormModal';
import { validateWith } from '../../components/form-errors';
import { CheckIcon } from '../../components/icons';
import { FitSelect } from '../../components/selects';
import { useCancelDateSeries, useCancelEventDate, useDateCancellation } from './cancellation-api';

/** The date alone, or it and every later date of its rule (refunded, never moved). */
type Scope = 'DATE' | 'SERIES';

interface CancelValues {
  scope: Scope;
  action: DateCancellationAction;
  move_to_date_id: string;
  notify: boolean;
  subject: string;
  message: string;
}

const toRequest = (values: CancelValues): DateCancellationRequest => ({
  action: values.scope === 'SERIES' ? 'REFUND' : values.action,
  ...(values.scope === 'DATE' && values.action === 'MOVE' && values.move_to_date_id
    ? { move_to_date_id: Number(values.move_to_date_id) }
    : {}),
  notify: values.notify,
  subject: values.subject,
  message: values.message,
});

/** What the modal shows: the form for a date to cancel, or how far a cancellation got. */
export type CancelState = { date: EventDateResponse; mode: 'form' | 'progress' };

/**
 * "Cancel date…": refund everyone or move everyone to another date, tell the attendees (or
 * not) in the organizer's words; then the job's progress, which it follows until it is done.
 */
export function CancelDateModal({
  eventId,
  state,
  dates,
  when,
  onCancelled,
  onClose,
}: {
  eventId: number;
  state: CancelState | null;
  dates: EventDateResponse[];
  when: (date: EventDateResponse) => string;
  /** After the date (and, for a rule, `count` dates in all) was cancelled. */
  onCancelled: (date: EventDateResponse, count: number) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const name = state ? when(state.date) : '';
  return (
    <FormModal
      opened={state !== null}
      onClose={onClose}
      title={state?.mode === 'progress' ? t`Cancellation of ${name}` : t`Cancel ${name}`}
    >
      {state?.mode === 'form' ? (
        <CancelForm
          eventId={eventId}
          date={state.date}
          targets={dates.filter((d) => d.id !== state.date.id && d.status === 'ON_SALE')}
          when={when}
          onCancelled={(count) => onCancelled(state.date, count)}
          onClose={onClose}
        />
      ) : null}
      {state?.mode === 'progress' ? (
        <CancelProgress eventId={eventId} dateId={state.date.id} onClose={onClose} />
      ) : null}
    </FormModal>
  );
}

function CancelForm({
  eventId,
  date,
  targets,
  when,
  onCancelled,
  onClose,
}: {
  eventId: number;
  date: EventDateResponse;
  targets: EventDateResponse[];
  when: (date: EventDateResponse) => string;
  onCancelled: (count: number) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const cancel = useCancelEventDate(eventId);
  const cancelSeries = useCancelDateSeries(eventId);
  const form = useForm<CancelValues>({
    initialValues: {
      scope: 'DATE',
      action: 'REFUND',
      move_to_date_id: '',
      notify: true,
      subject: '',
      message: '',
    },
    validate: validateWith(DateCancellationRequest, toRequest),
  });
  const { scope, action } = form.getValues();
  const moving = scope === 'DATE' && action === 'MOVE';
  // A rule's later dates go with it only from a date ahead: the series is its dates still to come.
  const ruleId = date.rule_id !== null && new Date(date.starts_at) > new Date() ? date.rule_id : null;
  const save = async (values: CancelValues): Promise<number> => {
    if (values.scope === 'SERIES' && ruleId !== null) {
      const { notify, subject, message } = toRequest(values);
      return (await cancelSeries.mutateAsync({ ruleId, body: { notify, subject, message } })).data.length;
    }
    await cancel.mutateAsync({ dateId: date.id, body: toRequest(values) });
    return 1;
  };
  return (
    <ModalForm
      form={form}
      save={save}
      onSaved={onCancelled}
      onCancel={onClose}
      submitLabel={scope === 'SERIES' ? t`Cancel these dates` : t`Cancel this date`}
    >
      <Text size="sm">
        <Trans>
          Nothing more is sold of this date as soon as you confirm. Its orders are then handled one by one;
          this cannot be undone.
        </Trans>
      </Text>
      {ruleId !== null ? (
        <SegmentedControl
          aria-label={t`Which dates to cancel`}
          fullWidth
          data={[
            { value: 'DATE', label: t`This date` },
            { value: 'SERIES', label: t`This and all later dates of its rule` },
          ]}
          key={form.key('scope')}
          {...form.getInputProps('scope')}
        />
      ) : null}
      {scope === 'DATE' ? (
        <SegmentedControl
          aria-label={t`What happens to the orders`}
          fullWidth
          data={[
            { value: 'REFUND', label: t`Refund everyone` },
            { value: 'MOVE', label: t`Move to another date` },
          ]}
          key={form.key('action')}
          {...form.getInputProps('action')}
        />
      ) : (
        <Text size="sm">
          <Trans>
            Every date of this rule from this one on that is not cancelled yet is cancelled, and the orders of
            each are refunded.
          </Trans>
        </Text>
      )}
      {moving ? (
        <FitSelect
          label={t`New date`}
          description={t`Orders the new date has no room for are refunded instead.`}
          placeholder={targets.length ? t`Choose a date` : t`No other date is on sale`}
          allowDeselect={false}
          data={targets.map((d) => ({ value: String(d.id), label: when(d) }))}
          withAsterisk
          key={form.key('move_to_date_id')}
          {...form.getInputProps('move_to_date_id')}
        />
      ) : (
        <Text size="sm" c="gray.7">
          <Trans>
            Card payments are refunded through Stripe; offline payments are recorded as given back (give the
            money back yourself). Every order is cancelled.
          </Trans>
        </Text>
      )}
      <Checkbox
        label={t`Tell every attendee by e-mail`}
        key={form.key('notify')}
        {...form.getInputProps('notify', { type: 'checkbox' })}
      />
      <TextInput
        label={t`Subject`}
        withAsterisk
        key={form.key('subject')}
        {...form.getInputProps('subject')}
      />
      <Textarea
        label={t`Message`}
        description={t`Plain text. The e-mail then says what happens to each attendee's ticket.`}
        autosize
        minRows={4}
        maxLength={DATE_CANCELLATION_MESSAGE_MAX}
        key={form.key('message')}
        {...form.getInputProps('message')}
      />
    </ModalForm>
  );
}

function ProgressText({ state }: { state: DateCancellationResponse }) {
  const { orders_done: done, orders_total: total, refunded, moved, failed } = state;
  return (
    <Stack gap={4}>
      <Text size="sm">
        <Trans>
          {done} of {total} orders handled.
        </Trans>
      </Text>
      <Text size="sm" c="gray.7">
        <Trans>
          Refunded: {refunded}. Moved: {moved}. Failed: {failed}.
        </Trans>
      </Text>
    </Stack>
  );
}

function CancelProgress({
  eventId,
  dateId,
  onClose,
}: {
  eventId: number;
  dateId: number;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const progress = useDateCancellation(eventId, dateId);
  const state = progress.data;
  const share = state && state.orders_total > 0 ? (100 * state.orders_done) / state.orders_total : 100;
  return (
    <Stack gap="md">
      {state ? (
        <>
          <Progress value={share} aria-label={t`Orders handled`} animated={state.status === 'RUNNING'} />
          <ProgressText state={state} />
          {state.status === 'DONE' ? (
            <Alert color="teal" variant="light" icon={<CheckIcon />} role="status">
              <Trans>Every order of this date has been handled.</Trans>
            </Alert>
          ) : null}
          {state.failed > 0 ? (
            <Text size="sm" c="red.9">
              <Trans>Look at the failed orders in the order list: refund or cancel them yourself.</Trans>
            </Text>
          ) : null}
        </>
      ) : (
        <Text size="sm">
          {progress.isError ? t`This date was cancelled without this tool.` : t`Loading…`}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
