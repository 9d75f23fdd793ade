import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { PublicQuestion } from '../../../common/questions';
import { isApiError } from '../../api/client';
import { errorMessage } from '../../components/api-error';
import { firstMessages } from '../../components/form-errors';
import { seatPlaceText } from '../../components/seat-place';
import { Alert, Button, Card, Columns, Group, Skeleton, Stack, Text, TextInput, Title } from '../../ui';
import { checkoutPath, completeOrder, orderQuery, questionsQuery, saveDetails } from './api';
import { addonsByAttendee } from './attendee-addons';
import { BusinessFields } from './BusinessFields';
import { BUSINESS_FIELDS, validateBusiness } from './business-form';
import { useCheckout } from './context';
import {
  asksAttendee,
  asksOrder,
  type DetailsValues,
  initialDetails,
  toDetailsRequest,
  validateDetails,
} from './form';
import { QuestionField } from './QuestionField';

/** `…/details`: the buyer, one holder per ticket, and the event's questions. */
export function DetailsStep() {
  const { t } = useLingui();
  const { eventId } = useCheckout();
  const questions = useQuery(questionsQuery(eventId));
  if (questions.isPending)
    return <Skeleton height={360} round role="status" aria-label={t`Loading the questions`} />;
  if (questions.isError)
    return (
      <Alert tone="error" title={t`We could not load this form`}>
        <Stack gap="xs" align="start">
          <Text size="sm">{errorMessage(questions.error)}</Text>
          <Button size="xs" variant="light" onClick={() => void questions.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Stack>
      </Alert>
    );
  return <DetailsForm questions={questions.data.data} />;
}

function DetailsForm({ questions }: { questions: PublicQuestion[] }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { eventId, shortId, order, setOrder, handleOrderError } = useCheckout();
  const free = order.totals.total === 0;
  const form = useForm<DetailsValues>({
    initialValues: initialDetails(order, questions),
    validate: (values) => ({
      ...validateDetails(values, questions, i18n),
      ...validateBusiness(values, order.buyer_business, i18n),
    }),
  });

  const save = useMutation({
    mutationFn: async (values: DetailsValues) => {
      const saved = await saveDetails(eventId, shortId, toDetailsRequest(values));
      return free ? completeOrder(eventId, shortId) : saved;
    },
    onSuccess: (next) => {
      setOrder(next);
      void navigate(checkoutPath(eventId, shortId, free ? 'summary' : 'payment'));
    },
    onError: (error) => {
      if (handleOrderError(error)) return;
      if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
        // The seller began asking for a business since the page loaded: show the fields, asked anew.
        if (BUSINESS_FIELDS.some((field) => field in error.fieldErrors)) {
          form.setFieldValue('business_invoice', true);
          void queryClient.invalidateQueries({ queryKey: orderQuery(eventId, shortId).queryKey });
        }
        form.setErrors(firstMessages(error.fieldErrors));
        focusFirst(Object.keys(error.fieldErrors));
      }
    },
  });

  const focusFirst = (keys: string[]) => {
    const first = document.querySelector<HTMLElement>('[aria-invalid="true"], [data-error-for]');
    if (first) first.focus();
    else if (keys[0]) document.getElementById(keys[0])?.focus();
  };

  const copyBuyer = () => {
    form.setFieldValue('attendees.0.first_name', form.values.first_name);
    form.setFieldValue('attendees.0.last_name', form.values.last_name);
    form.setFieldValue('attendees.0.email', form.values.email);
  };

  // What each attendee has added (decision 052), in the order the attendees are named.
  const addons = addonsByAttendee(order.items, form.values.attendees);
  const list = new Intl.ListFormat(i18n.locale, { type: 'conjunction' });

  const unexpected =
    save.error && !(isApiError(save.error) && Object.keys(save.error.fieldErrors).length > 0)
      ? save.error
      : null;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) => save.mutate(values),
        () => requestAnimationFrame(() => focusFirst([])),
      )}
    >
      <title>{`${t`Your details`} · ${order.event.title}`}</title>
      <Stack gap="lg">
        {order.pre_checkout_message ? (
          <Alert tone="info" data-testid="pre-checkout-message">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {order.pre_checkout_message}
            </Text>
          </Alert>
        ) : null}
        {order.status === 'PAYMENT_FAILED' ? (
          <Alert tone="error">
            <Trans>Your last payment did not go through. Check your details and try again.</Trans>
          </Alert>
        ) : null}
        <Card as="section" aria-labelledby="buyer-heading">
          <Stack gap="sm">
            <Title order={2} size="h3" id="buyer-heading">
              <Trans>Your details</Trans>
            </Title>
            <Columns>
              <TextInput
                label={t`First name`}
                required
                autoComplete="given-name"
                id="first_name"
                {...form.getInputProps('first_name')}
              />
              <TextInput
                label={t`Last name`}
                required
                autoComplete="family-name"
                id="last_name"
                {...form.getInputProps('last_name')}
              />
            </Columns>
            <TextInput
              label={t`E-mail`}
              description={t`Your order and tickets are sent here.`}
              required
              type="email"
              autoComplete="email"
              id="email"
              {...form.getInputProps('email')}
            />
            {asksOrder(questions).map((q) => (
              <QuestionField
                key={q.id}
                idPrefix="order"
                question={q}
                {...form.getInputProps(`answers.${q.id}`)}
              />
            ))}
          </Stack>
        </Card>
        <BusinessFields form={form} mode={order.buyer_business} />
        {form.values.attendees.map((attendee, i) => (
          <Card
            // biome-ignore lint/suspicious/noArrayIndexKey: one form per ticket, fixed for the order.
            key={`${attendee.ticket_id}-${i}`}
            as="section"
            aria-labelledby={`attendee-${i}-heading`}
            data-testid="attendee-form"
          >
            <Stack gap="sm">
              <Group justify="between" gap="xs">
                <Title order={2} size="h4" id={`attendee-${i}-heading`}>
                  <Trans>
                    Ticket {i + 1}: {attendee.label}
                  </Trans>
                </Title>
                {i === 0 ? (
                  <Button size="xs" variant="light" onClick={copyBuyer}>
                    <Trans>Copy my details</Trans>
                  </Button>
                ) : null}
              </Group>
              {attendee.seat ? (
                <Text size="sm" weight={600} data-testid="attendee-seat">
                  {seatPlaceText(i18n, attendee.seat)}
                </Text>
              ) : null}
              <AttendeeAddons names={addons[i] ?? []} list={list} />
              <Columns>
                <TextInput
                  label={t`First name`}
                  required
                  id={`attendees.${i}.first_name`}
                  {...form.getInputProps(`attendees.${i}.first_name`)}
                />
                <TextInput
                  label={t`Last name`}
                  required
                  id={`attendees.${i}.last_name`}
                  {...form.getInputProps(`attendees.${i}.last_name`)}
                />
              </Columns>
              <TextInput
                label={t`E-mail`}
                required
                type="email"
                id={`attendees.${i}.email`}
                {...form.getInputProps(`attendees.${i}.email`)}
              />
              {asksAttendee(questions, attendee.ticket_id).map((q) => (
                <QuestionField
                  key={q.id}
                  idPrefix={`attendee-${i}`}
                  question={q}
                  {...form.getInputProps(`attendees.${i}.answers.${q.id}`)}
                />
              ))}
            </Stack>
          </Card>
        ))}
        {unexpected ? <Alert tone="error">{errorMessage(unexpected)}</Alert> : null}
        <Group justify="end">
          <Button type="submit" size="md" loading={save.isPending} data-testid="details-submit">
            {free ? <Trans>Complete order</Trans> : <Trans>Continue to payment</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "With: Meal, T-shirt – M": the add-ons this attendee has (decision 052); nothing without any. */
function AttendeeAddons({ names, list }: { names: string[]; list: Intl.ListFormat }) {
  const { t } = useLingui();
  if (names.length === 0) return null;
  const what = list.format(names);
  return (
    <Text size="sm" tone="muted" data-testid="attendee-addons">
      {t`With: ${what}`}
    </Text>
  );
}
