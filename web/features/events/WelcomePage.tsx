import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Container, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { CreateOrganizerRequest } from '../../../common/organizers';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { InlineLoader } from '../../components/InlineLoader';
import { CurrencySelect, TimezoneSelect } from '../../components/selects';
import { useCreateOrganizer, useOrganizers } from '../organizers/api';
import { useMe } from '../profile/api';
import { EventBasicsForm } from './EventBasicsForm';

/** `/welcome`: a new account's first organizer (if it has none), then its first event. */
export function WelcomePage() {
  const { t } = useLingui();
  const organizers = useOrganizers();
  const navigate = useNavigate();
  const me = useMe();

  let body: React.ReactNode;
  if (organizers.isPending || me.isPending) body = <InlineLoader />;
  else if (organizers.isError || me.isError)
    body = (
      <Stack gap="sm">
        <ErrorAlert error={organizers.error ?? me.error} title={t`Could not load your organizers`} />
        <Button variant="default" w="fit-content" onClick={() => organizers.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    );
  else if (organizers.data.data.length === 0)
    body = (
      <Step number={1} title={t`Who organizes your events?`}>
        <OrganizerForm
          defaults={{ currency: me.data.account.currency, timezone: me.data.account.timezone }}
        />
      </Step>
    );
  else
    body = (
      <Step number={2} title={t`Your first event`}>
        <EventBasicsForm
          organizers={organizers.data.data}
          submitLabel={t`Create the event`}
          onCreated={(event) => void navigate(`/manage/event/${event.id}`, { replace: true })}
        />
      </Step>
    );

  return (
    <Container size="sm" py="md" px={0}>
      <title>{`${t`Welcome`} · Tessera`}</title>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={28}>
            <Trans>Welcome to Tessera</Trans>
          </Title>
          <Text c="gray.7">
            <Trans>Two quick steps and your first event is ready to fill in.</Trans>
          </Text>
        </Stack>
        {body}
      </Stack>
    </Container>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: React.ReactNode }) {
  return (
    <Paper component="section" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Stack gap={2}>
          <Text size="sm" fw={700} c="tessera.8">
            <Trans>Step {number} of 2</Trans>
          </Text>
          <Title order={2} fz="lg">
            {title}
          </Title>
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

interface OrganizerValues {
  name: string;
  email: string;
  currency: string;
  timezone: string;
}

const toOrganizerRequest = (v: OrganizerValues): CreateOrganizerRequest => ({
  ...v,
  email: v.email.trim() === '' ? null : v.email,
});

function OrganizerForm({ defaults }: { defaults: { currency: string; timezone: string } }) {
  const { t } = useLingui();
  const create = useCreateOrganizer();
  const form = useForm<OrganizerValues>({
    initialValues: { name: '', email: '', ...defaults },
    validate: validateWith(CreateOrganizerRequest, toOrganizerRequest),
  });
  const submit = form.onSubmit(
    (values) =>
      create.mutate(toOrganizerRequest(values), {
        onError: (error) => form.setErrors(firstMessages(apiFieldErrors(error))),
      }),
    focusFirstError(form),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorAlert error={create.error} />
        <TextInput
          label={t`Organizer name`}
          description={t`Shown to buyers on your event pages.`}
          required
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t`Organizer e-mail`}
          description={t`Optional. Where buyers can reach the organizer.`}
          type="email"
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <CurrencySelect
            label={t`Currency`}
            required
            key={form.key('currency')}
            {...form.getInputProps('currency')}
          />
          <TimezoneSelect
            label={t`Time zone`}
            required
            key={form.key('timezone')}
            {...form.getInputProps('timezone')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            <Trans>Continue</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
