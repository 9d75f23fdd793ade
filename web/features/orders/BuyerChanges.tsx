import { useLingui } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';

interface Change {
  field: 'first_name' | 'last_name' | 'email' | 'answer';
  question?: string;
  from: string | null;
  to: string | null;
}

/** Whether an activity was the buyer's own (decision 057). */
export const byBuyer = (data: Record<string, unknown> | null) => data?.by === 'BUYER';

/**
 * What a buyer changed of their order (decision 057), as the history keeps it: whose details,
 * then each field, old → new; or what cancelling gave back.
 */
export function BuyerChanges({ data }: { data: Record<string, unknown> | null }) {
  const { t } = useLingui();
  if (!data) return null;
  const labels = { first_name: t`First name`, last_name: t`Last name`, email: t`E-mail` };
  const attendee = data.attendee as { name?: string } | undefined;
  const changes = Array.isArray(data.changes) ? (data.changes as Change[]) : [];
  const empty = t`(empty)`;
  return (
    <Stack gap={0}>
      <Text size="sm">{attendee ? t`Ticket holder ${attendee.name ?? ''}` : t`The buyer's details`}</Text>
      {changes.map((c) => (
        <Text key={`${c.field}:${c.question ?? ''}`} size="sm" data-testid="buyer-change">
          {c.field === 'answer' ? (c.question ?? '') : labels[c.field]}: {c.from ?? empty} → {c.to ?? empty}
        </Text>
      ))}
    </Stack>
  );
}
