import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { EventResponse } from '../../../common/events';
import { LIMITS } from '../../../common/limits';
import {
  type MessagePreviewResponse,
  type MessageResponse,
  placeholderToken,
} from '../../../common/messages';
import type { MeResponse } from '../../../common/users';
import { apiFieldErrors, errorMessage } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { focusFirstError } from '../../components/form-errors';
import { InlineLoader } from '../../components/InlineLoader';
import { RequirePermission } from '../../components/NoPermission';
import { notify } from '../../components/notify';
import { MailIcon } from '../../components/organizer-icons';
import { useEvent } from '../events/api';
import { formatEventDate } from '../events/datetime';
import { useEventId } from '../events/EventLayout';
import { useMe, useResendEmailConfirmation } from '../profile/api';
import { useCreateMessage, usePreviewMessage } from './api';
import { type ComposeValues, initialComposeValues, toFormErrors, toRequest, validateCompose } from './form';
import { MessageBodyEditor } from './MessageBodyEditor';
import { RecipientScopeField } from './RecipientScopeField';
import { ReviewMessageModal } from './ReviewMessageModal';

/** `/manage/event/:eventId/messages/new`: write a message, test it on yourself, send or schedule it. */
export function ComposeMessagePage() {
  const { t } = useLingui();
  const event = useEvent(useEventId() ?? 0);
  const me = useMe();
  if (event.isPending || event.isError || me.isPending) return <InlineLoader label={t`Loading`} />;
  if (me.isError) return <ErrorAlert error={me.error} />;
  return (
    <RequirePermission permission="messages.send">
      <ComposeMessage event={event.data} me={me.data} />
    </RequirePermission>
  );
}

function ComposeMessage({ event, me }: { event: EventResponse; me: MeResponse }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const create = useCreateMessage(event.id);
  const preview = usePreviewMessage(event.id);
  const [review, setReview] = useState<MessagePreviewResponse | null>(null);
  // Which button asked: a test goes to the sender alone, now, and skips the schedule.
  const testing = useRef(false);
  const form = useForm<ComposeValues>({
    mode: 'controlled',
    initialValues: initialComposeValues(),
    validate: (values) => validateCompose(values, event.timezone, testing.current),
  });
  const listPath = `/manage/event/${event.id}/messages`;
  const confirmed = me.email_confirmed;
  const email = me.email;
  const timezone = event.timezone.replaceAll('_', ' ');
  const titleToken = placeholderToken('event_title');

  const send = (values: ComposeValues, test: boolean) =>
    create.mutate(toRequest(values, event.timezone, test), {
      onSuccess: (message: MessageResponse) => {
        setReview(null);
        if (test) {
          notify(t`A test is on its way to ${email}. Only you receive it.`);
          return;
        }
        notify(
          message.status === 'SCHEDULED' ? t`The message has been scheduled.` : t`The message is being sent.`,
        );
        navigate(`${listPath}/${message.id}`);
      },
      onError: (error) => {
        setReview(null);
        form.setErrors(toFormErrors(apiFieldErrors(error)));
      },
    });

  // A test goes out at once. The real message is first shown as its first recipient will read
  // it, with how many it reaches, and goes out once the sender confirms (nobody matching: the
  // server's refusal says so without the detour).
  const submit = (test: boolean) => {
    testing.current = test;
    form.onSubmit((values) => {
      if (test) return send(values, true);
      const { subject, body, scope } = toRequest(values, event.timezone);
      preview.mutate(
        { subject, body, scope },
        {
          onSuccess: (answer) => (answer.recipients > 0 ? setReview(answer) : send(values, false)),
          onError: (error) => form.setErrors(toFormErrors(apiFieldErrors(error))),
        },
      );
    }, focusFirstError(form))();
  };
  const scheduledIso = form.values.schedule ? toRequest(form.values, event.timezone).scheduled_at : null;

  return (
    <Stack gap="lg">
      <title>{`${t`Compose a message`} · ${event.title} · Tessera`}</title>
      <Stack gap={4}>
        <Anchor component={Link} to={listPath} size="sm" w="fit-content">
          <Trans>All messages</Trans>
        </Anchor>
        <Title order={2} fz="xl">
          <Trans>Compose a message</Trans>
        </Title>
        <Text size="sm" c="gray.7" maw={620}>
          <Trans>The message is sent by e-mail to each recipient, with the event's footer message.</Trans>
        </Text>
      </Stack>
      {confirmed ? null : <UnconfirmedAlert me={me} />}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form
          noValidate
          aria-label={t`Compose a message`}
          onSubmit={(change) => {
            change.preventDefault();
            submit(false);
          }}
        >
          <Stack gap="lg">
            <TextInput
              label={t`Subject`}
              description={t`Placeholders such as ${titleToken} work here too.`}
              required
              maxLength={LIMITS.message.subjectMax}
              autoComplete="off"
              key={form.key('subject')}
              {...form.getInputProps('subject')}
            />
            <MessageBodyEditor
              label={t`Message`}
              description={t`Placeholders are replaced by each recipient's own name, the event title and their ticket link.`}
              value={form.values.body}
              onChange={(html) => form.setFieldValue('body', html)}
              error={form.errors.body}
            />
            <RecipientScopeField form={form} eventId={event.id} timezone={event.timezone} />
            <Stack gap="sm">
              <Checkbox
                label={t`Send me a copy`}
                description={t`One copy to ${email}, filled in as for the first recipient and marked as a copy.`}
                key={form.key('send_copy_to_sender')}
                {...form.getInputProps('send_copy_to_sender', { type: 'checkbox' })}
              />
              <Checkbox
                label={t`Schedule for later`}
                key={form.key('schedule')}
                {...form.getInputProps('schedule', { type: 'checkbox' })}
              />
              {form.values.schedule ? (
                <TextInput
                  type="datetime-local"
                  label={t`Send at`}
                  description={t`Event time (${timezone}).`}
                  required
                  w={{ base: '100%', xs: 280 }}
                  ml={{ base: 0, xs: 'xl' }}
                  key={form.key('scheduled_at')}
                  {...form.getInputProps('scheduled_at')}
                />
              ) : null}
            </Stack>
            <Checkbox
              label={t`This message is about the event and is not promotional.`}
              description={t`Messages are for practical news: changes, reminders, what to bring. Advertising is not allowed.`}
              required
              key={form.key('acknowledged_not_promotional')}
              {...form.getInputProps('acknowledged_not_promotional', { type: 'checkbox' })}
            />
            <ErrorAlert error={create.error ?? preview.error} />
            <Group justify="flex-end" gap="sm">
              <Button
                type="button"
                variant="default"
                disabled={!confirmed}
                loading={create.isPending && testing.current}
                onClick={() => submit(true)}
              >
                <Trans>Send a test to me</Trans>
              </Button>
              <Button
                type="submit"
                disabled={!confirmed}
                loading={preview.isPending || (create.isPending && !testing.current)}
              >
                {form.values.schedule ? <Trans>Schedule message</Trans> : <Trans>Send message</Trans>}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <ReviewMessageModal
        preview={review}
        scheduledFor={
          scheduledIso ? `${formatEventDate(scheduledIso, event.timezone, i18n.locale)} (${timezone})` : null
        }
        loading={create.isPending}
        onConfirm={() => send(form.getValues(), false)}
        onClose={() => setReview(null)}
      />
    </Stack>
  );
}

/** Why nothing can be sent yet, with a way to get the confirmation link again. */
function UnconfirmedAlert({ me }: { me: MeResponse }) {
  const resend = useResendEmailConfirmation();
  const email = me.email;
  return (
    <Alert color="yellow" variant="light" icon={<MailIcon />} role="status" data-testid="unconfirmed-sender">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          <Trans>
            <strong>You cannot send messages yet.</strong> Only a confirmed e-mail address may send messages
            to attendees. Open the link we sent to {email}, then come back to this page.
          </Trans>
        </Text>
        <Button
          size="xs"
          variant="default"
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(me.id, {
              onSuccess: (answer) => notify(answer.message),
              onError: (error) => notify(errorMessage(error), 'error'),
            })
          }
        >
          <Trans>Send the link again</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}
