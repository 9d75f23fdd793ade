import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Box, Button, EmptyState, Group, Select, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { SEATING_VALIDATION } from '../../../common/i18n/seating-validation';
import type { EventSeatingResponse } from '../../../common/seating';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { notify } from '../../components/notify';
import { SeatsIcon } from '../../components/organizer-icons';
import { useSeatingPlan, useSeatingPlans } from '../seating-plans/api';
import { useTicketChoices } from '../tickets/api';
import { useSetEventSeating } from './api';
import { CategorySwatch } from './CategorySwatch';

/**
 * Puts one of the account's plans on the event, or changes it: the plan, then for each of its
 * price categories the ticket its seats are sold with (issue 42).
 */
export function SeatingForm({
  eventId,
  current,
  onDone,
}: {
  eventId: number;
  current: EventSeatingResponse | null;
  /** After saving, or Cancel (shown only when there is a plan to go back to). */
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const plans = useSeatingPlans();
  const tickets = useTicketChoices(eventId);
  const [planId, setPlanId] = useState<number | null>(current?.plan_id ?? null);
  const [links, setLinks] = useState<Record<string, string | null>>(() =>
    Object.fromEntries((current?.categories ?? []).map((c) => [c.key, String(c.ticket_id)])),
  );
  const [missing, setMissing] = useState<string[]>([]);
  // The event's own copy while its plan is chosen; another plan is read whole.
  const ownPlan = current !== null && planId === current.plan_id;
  const chosen = useSeatingPlan(ownPlan ? null : planId);
  const save = useSetEventSeating(eventId);
  const categories = ownPlan ? current.plan.categories : (chosen.data?.plan.categories ?? []);

  if (plans.isPending || tickets.isPending) return <InlineLoader />;
  if (plans.isError || tickets.isError) {
    return (
      <Stack gap="sm">
        <ErrorAlert error={plans.error ?? tickets.error} title={t`Could not load the seating plans`} />
        <Button
          variant="default"
          w="fit-content"
          onClick={() => {
            void plans.refetch();
            void tickets.refetch();
          }}
        >
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    );
  }
  if (plans.data.length === 0) {
    return (
      <EmptyState icon={<SeatsIcon />} variant="light" py="xl">
        <EmptyState.Title order={3}>
          <Trans>No seating plans yet</Trans>
        </EmptyState.Title>
        <EmptyState.Description>
          <Trans>Draw the room once as a seating plan of your account; then sell its seats here.</Trans>
        </EmptyState.Description>
        <EmptyState.Actions>
          <Button component={Link} to="/manage/seating-plans/new">
            <Trans>Draw a seating plan</Trans>
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  if (tickets.data.length === 0) {
    return (
      <EmptyState icon={<SeatsIcon />} variant="light" py="xl">
        <EmptyState.Title order={3}>
          <Trans>Create a ticket first</Trans>
        </EmptyState.Title>
        <EmptyState.Description>
          <Trans>Each price category of the plan is sold with one of the event’s tickets.</Trans>
        </EmptyState.Description>
        <EmptyState.Actions>
          <Anchor component={Link} to={`/manage/event/${eventId}/tickets`} fw={600}>
            <Trans>Go to tickets</Trans>
          </Anchor>
        </EmptyState.Actions>
      </EmptyState>
    );
  }

  const planChoices = plans.data.map((p) => {
    const seats = t({ message: plural(p.seat_count, { one: '# seat', other: '# seats' }) });
    return { value: String(p.id), label: `${p.name} (${seats})` };
  });
  const ticketChoices = tickets.data.map((ticket) => ({ value: String(ticket.id), label: ticket.title }));
  const request = categories.flatMap((c) =>
    links[c.key] ? [{ category: c.key, ticket_id: Number(links[c.key]) }] : [],
  );
  const serverErrors = apiFieldErrors(save.error);
  const errorOf = (key: string) => {
    const index = request.findIndex((r) => r.category === key);
    const own = serverErrors[`categories.${key}`] ?? serverErrors[`categories.${index}.ticket_id`];
    if (own?.[0]) return own[0];
    return missing.includes(key) ? i18n._(SEATING_VALIDATION.categoryWithoutTicket) : undefined;
  };
  const fieldProblem = Object.keys(serverErrors).some((field) => field.startsWith('categories'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (planId === null) return;
    const unmapped = categories.filter((c) => !links[c.key]).map((c) => c.key);
    setMissing(unmapped);
    if (unmapped.length > 0) {
      document.getElementById(`seat-category-${unmapped[0]}`)?.focus();
      return;
    }
    save.mutate(
      { plan_id: planId, categories: request },
      {
        onSuccess: () => {
          notify(t`The seating plan is saved. Its seats are now sold with the tickets you chose.`);
          onDone();
        },
      },
    );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select
          label={t`Seating plan`}
          description={
            <Trans>
              The event takes a copy: later changes to the plan do not change it.{' '}
              <Anchor component={Link} to="/manage/seating-plans" size="xs" underline="always">
                Your seating plans
              </Anchor>
            </Trans>
          }
          placeholder={t`Choose a plan`}
          data={planChoices}
          value={planId === null ? null : String(planId)}
          onChange={(value) => {
            setPlanId(value ? Number(value) : null);
            setMissing([]);
            save.reset();
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          maw={480}
          data-testid="seating-plan-select"
        />
        {planId !== null && !ownPlan && chosen.isPending ? <InlineLoader /> : null}
        {chosen.isError ? <ErrorAlert error={chosen.error} /> : null}
        {categories.length > 0 ? (
          <Stack gap="sm" component="fieldset" p={0} m={0} style={{ border: 0 }}>
            <Text component="legend" fw={600} size="sm" mb={4}>
              <Trans>Which ticket sells each price category</Trans>
            </Text>
            {categories.map((c) => (
              <Group key={c.key} gap="sm" align="flex-start" wrap="nowrap" data-testid="category-row">
                <CategorySwatch color={c.color} mt={34} />
                <Select
                  id={`seat-category-${c.key}`}
                  label={c.name}
                  placeholder={t`Choose a ticket`}
                  data={ticketChoices}
                  value={links[c.key] ?? null}
                  onChange={(value) => {
                    setLinks((all) => ({ ...all, [c.key]: value }));
                    setMissing((keys) => keys.filter((k) => k !== c.key));
                  }}
                  error={errorOf(c.key)}
                  comboboxProps={{ withinPortal: true }}
                  style={{ flex: 1 }}
                  maw={440}
                />
              </Group>
            ))}
          </Stack>
        ) : null}
        {save.error && !fieldProblem ? (
          <ErrorAlert error={save.error} title={t`The seating plan was not saved`} />
        ) : null}
        <Group gap="sm">
          <Button
            type="submit"
            loading={save.isPending}
            disabled={planId === null || categories.length === 0}
          >
            <Trans>Save seating</Trans>
          </Button>
          {current ? (
            <Button variant="default" onClick={onDone}>
              <Trans>Cancel</Trans>
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Box>
  );
}
