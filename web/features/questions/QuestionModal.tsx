import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Alert.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  QUESTION_TYPES,
  QuestionRequest,
  type QuestionResponse,
  type QuestionType,
} from '../../../common/questions';
import { apiFieldErrors, errorCode } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { AlertIcon } from '../../components/icons';
import { notify } from '../../components/notify';
import { TicketChecklist, type TicketChoice } from '../../components/TicketChecklist';
import { useCreateQuestion, useUpdateQuestion } from './api';
import { initialValues, isChoice, type QuestionScope, type QuestionValues, toRequest } from './form';
import { TYPE_LABELS } from './labels';
import { OptionsEditor } from './OptionsEditor';
import { QuestionPreview } from './QuestionPreview';

/** What the modal is for: a new question in a group, or a change to one. */
export type Editing = { question: QuestionResponse | null; scope: QuestionScope };

export function QuestionModal({
  eventId,
  editing,
  tickets,
  onClose,
}: {
  eventId: number;
  editing: Editing | null;
  tickets: TicketChoice[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={editing?.question ? t`Edit question` : t`Add a question`}
      centered
      size="xl"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {editing ? (
        <QuestionFormBody eventId={eventId} editing={editing} tickets={tickets} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function QuestionFormBody({
  eventId,
  editing,
  tickets,
  onClose,
}: {
  eventId: number;
  editing: Editing;
  tickets: TicketChoice[];
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const create = useCreateQuestion(eventId);
  const update = useUpdateQuestion(eventId);
  const save = editing.question ? update : create;
  const form = useForm<QuestionValues>({
    initialValues: initialValues(editing.question, editing.scope),
    validate: validateWith(QuestionRequest, toRequest),
  });
  const values = form.getValues();

  const submit = form.onSubmit((v) => {
    const body = toRequest(v);
    const options = {
      onSuccess: () => {
        notify(editing.question ? t`The question has been saved.` : t`The question has been added.`);
        onClose();
      },
      onError: (error: Error) => form.setErrors(firstMessages(apiFieldErrors(error))),
    };
    if (editing.question) update.mutate({ id: editing.question.id, body }, options);
    else create.mutate(body, options);
  }, focusFirstError(form));

  const changeType = (type: string | null) => {
    if (!type) return;
    form.setFieldValue('type', type as QuestionType);
    // A choice question starts with one empty option to fill in.
    if (isChoice(type as QuestionType) && values.options.length === 0) form.setFieldValue('options', ['']);
    form.clearFieldError('options');
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {errorCode(save.error) === 'DEFAULT_QUESTION_LOCKED' ? (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            <Trans>This is a default question: it is always asked and cannot be changed.</Trans>
          </Alert>
        ) : (
          <ErrorAlert error={save.error} />
        )}
        <TextInput label={t`Question`} required data-autofocus {...form.getInputProps('title')} />
        <Textarea
          label={t`Description`}
          description={t`Optional help shown under the question.`}
          autosize
          minRows={2}
          {...form.getInputProps('description')}
        />
        <Select
          label={t`Answer type`}
          data={QUESTION_TYPES.map((type) => ({ value: type, label: i18n._(TYPE_LABELS[type]) }))}
          allowDeselect={false}
          required
          w={{ base: '100%', xs: 260 }}
          {...form.getInputProps('type')}
          onChange={changeType}
        />
        {isChoice(values.type) ? <OptionsEditor form={form} /> : null}
        <Radio.Group label={t`Asked`} required {...form.getInputProps('scope')}>
          <Stack gap="sm" mt="xs">
            <Radio
              value="PER_ORDER"
              label={t`Once per order`}
              description={t`The buyer answers once, whatever the number of tickets.`}
            />
            <Radio
              value="PER_ATTENDEE"
              label={t`For each attendee`}
              description={t`Asked again for every ticket in the order.`}
            />
          </Stack>
        </Radio.Group>
        {values.scope === 'PER_ATTENDEE' ? (
          tickets.length === 0 ? (
            <Text size="sm" c="dimmed">
              <Trans>The event has no tickets yet: the question will be asked for every ticket.</Trans>
            </Text>
          ) : (
            <TicketChecklist
              tickets={tickets}
              label={t`Tickets`}
              description={t`Leave all unticked to ask it for every ticket.`}
              {...form.getInputProps('ticket_ids')}
            />
          )
        ) : null}
        <Checkbox label={t`Required`} {...form.getInputProps('required', { type: 'checkbox' })} />
        <Checkbox
          label={t`Hidden`}
          description={t`Hidden questions are only shown to organizers, for notes on orders and attendees. Saving one turns on the event's "show hidden questions" setting.`}
          {...form.getInputProps('is_hidden', { type: 'checkbox' })}
        />
        <QuestionPreview question={values} />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={save.isPending}>
            {editing.question ? <Trans>Save question</Trans> : <Trans>Add question</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
