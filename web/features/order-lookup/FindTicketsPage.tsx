import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Alert.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Paper, Radio, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { fieldErrors } from '../../../common/i18n/validation';
import { ORDER_LINK_HOURS, OrderLookupRequest, type OrderLookupScope } from '../../../common/order-lookup';
import { isApiError } from '../../api/client';
import { errorMessage } from '../../components/api-error';
import { firstMessages } from '../../components/form-errors';
import { AlertIcon } from '../../components/icons';
import { LoadErrorState, PublicShell } from '../order-pages/PublicShell';
import { publicEventQuery } from '../public-event/api';
import { designOf } from '../public-event/design';
import { EventTheme } from '../public-event/EventTheme';
import { MantineInEventTheme } from '../public-event/MantineInEventTheme';
import { requestOrderLookup } from './api';
import { DataRequestPanel } from './DataRequestPanel';

/**
 * `/find-tickets/{eventId}`: a buyer who lost the mail asks for links to their orders, of this
 * event or of every event of its organizer's account (decision 056). The page says the same
 * whether or not the address has orders. In the event's colours, like its checkout.
 */
export function FindTicketsPage() {
  const { t } = useLingui();
  const { eventId = '' } = useParams();
  const event = useQuery(publicEventQuery(eventId));
  const design = designOf(event.data?.settings ?? {});
  const title = event.data ? `${t`Find my tickets`} · ${event.data.title}` : t`Find my tickets`;
  return (
    <EventTheme design={design} style={{ minHeight: '100dvh' }}>
      <MantineInEventTheme>
        <PublicShell title={title}>
          {event.isPending ? (
            <Stack gap="md" aria-busy="true">
              <Skeleton height={36} width="60%" />
              <Skeleton height={220} radius="lg" />
            </Stack>
          ) : event.isError ? (
            <LoadErrorState onRetry={() => void event.refetch()} retrying={event.isFetching} />
          ) : event.data === null ? (
            <UnknownEvent />
          ) : (
            <FindTickets
              eventId={eventId}
              eventTitle={event.data.title}
              eventPath={`/e/${event.data.id}/${event.data.slug}`}
            />
          )}
        </PublicShell>
      </MantineInEventTheme>
    </EventTheme>
  );
}

function UnknownEvent() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
      <Stack align="center" gap="sm" ta="center">
        <AlertIcon size={40} />
        <Title order={1} fz="h2">
          <Trans>This event does not exist</Trans>
        </Title>
      </Stack>
    </Paper>
  );
}

function FindTickets({
  eventId,
  eventTitle,
  eventPath,
}: {
  eventId: string;
  eventTitle: string;
  eventPath: string;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [scope, setScope] = useState<OrderLookupScope>('EVENT');
  const [emailError, setEmailError] = useState<string | undefined>();
  const lookup = useMutation({
    mutationFn: (body: OrderLookupRequest) => requestOrderLookup(eventId, body),
    onError: (error) => {
      const fields = firstMessages(isApiError(error) ? error.fieldErrors : {});
      if (fields.email) setEmailError(fields.email);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = OrderLookupRequest.safeParse({ email, scope });
    if (!parsed.success) {
      setEmailError(firstMessages(fieldErrors(parsed.error.issues, i18n)).email);
      emailRef.current?.focus();
      return;
    }
    setEmailError(undefined);
    lookup.mutate(parsed.data);
  };

  const limited = isApiError(lookup.error) && lookup.error.status === 429;
  const failed = lookup.error && !(isApiError(lookup.error) && lookup.error.status === 422);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text c="gray.7" fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {eventTitle}
        </Text>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          <Trans>Find my tickets</Trans>
        </Title>
      </Stack>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="find-tickets">
        {lookup.isSuccess ? (
          <Stack gap="md" role="status" data-testid="find-tickets-sent">
            <Title order={2} fz="h3">
              <Trans>Check your inbox</Trans>
            </Title>
            <Text>
              <Trans>
                If we have orders for {lookup.variables.email}, we sent them to that address. Each link in the
                e-mail works for {ORDER_LINK_HOURS} hours.
              </Trans>
            </Text>
            <Text c="gray.7" size="sm">
              <Trans>
                Nothing arrived after a few minutes? Check your spam folder, or the address you used when you
                bought.
              </Trans>
            </Text>
            <Button variant="light" w="fit-content" onClick={() => lookup.reset()}>
              <Trans>Try another address</Trans>
            </Button>
          </Stack>
        ) : (
          <form noValidate onSubmit={submit} aria-labelledby={`${id}-intro`}>
            <Stack gap="md">
              <Text id={`${id}-intro`}>
                <Trans>
                  Lost the e-mail with your tickets? Enter the address you used, and we will send you a link
                  to each of your orders.
                </Trans>
              </Text>
              <TextInput
                ref={emailRef}
                label={t`E-mail address`}
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => {
                  setEmail(e.currentTarget.value);
                  setEmailError(undefined);
                }}
                error={emailError}
                data-testid="find-tickets-email"
              />
              <Radio.Group
                label={t`Where to look`}
                value={scope}
                onChange={(value) => setScope(value === 'ACCOUNT' ? 'ACCOUNT' : 'EVENT')}
              >
                <Stack gap="xs" mt={6}>
                  <Radio value="EVENT" label={t`This event`} />
                  <Radio value="ACCOUNT" label={t`All events of this organizer`} />
                </Stack>
              </Radio.Group>
              {failed ? (
                <Alert color="red" role="alert" title={limited ? t`Too many requests` : t`That did not work`}>
                  {errorMessage(lookup.error)}
                </Alert>
              ) : null}
              <Button type="submit" loading={lookup.isPending} w={{ base: '100%', xs: 'fit-content' }}>
                <Trans>Send me my orders</Trans>
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
      <DataRequestPanel />
      <Anchor component={Link} to={eventPath} w="fit-content">
        <Trans>Back to the event</Trans>
      </Anchor>
    </Stack>
  );
}
