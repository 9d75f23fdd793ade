import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Progress.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Box, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';
import { CheckIcon } from '../../components/icons';
import type { ChecklistItem } from './checklist';

/** The checklist with a done mark per item and a link to where each is done. */
export function ChecklistList({ items, eventId }: { items: ChecklistItem[]; eventId: number }) {
  const { t } = useLingui();
  const done = items.filter((i) => i.done).length;
  const total = items.length;
  const where: Record<ChecklistItem['key'], { to: string; label: string } | null> = {
    details: { to: `/manage/event/${eventId}/settings`, label: t`Edit the details` },
    cover: { to: `/manage/event/${eventId}/settings#images`, label: t`Upload an image` },
    tickets: { to: `/manage/event/${eventId}/tickets`, label: t`Create a ticket` },
    payment: { to: `/manage/event/${eventId}/settings#payment`, label: t`Set up payment` },
    email: { to: '/manage/profile', label: t`Go to your profile` },
    live: null,
  };
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          <Trans>
            {done} of {total} done
          </Trans>
        </Text>
        <Progress value={(done / total) * 100} aria-label={t`Set-up progress`} />
      </Stack>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => {
          const link = where[item.key];
          return (
            <Group
              key={item.key}
              component="li"
              gap="sm"
              wrap="nowrap"
              align="flex-start"
              data-done={item.done}
            >
              <ThemeIcon
                radius="xl"
                size={24}
                color={item.done ? 'teal.8' : 'gray.3'}
                variant={item.done ? 'filled' : 'outline'}
                aria-hidden
              >
                {item.done ? <CheckIcon size={14} /> : <Box />}
              </ThemeIcon>
              <Stack gap={2}>
                <Text fw={600} size="sm" td={item.done ? 'line-through' : undefined}>
                  {item.title}
                  <Text component="span" className="visually-hidden" style={visuallyHidden}>
                    {item.done ? ` — ${t`done`}` : ` — ${t`to do`}`}
                  </Text>
                </Text>
                <Text size="sm" c="gray.7">
                  {item.description}
                </Text>
                {!item.done && link ? (
                  <Anchor component={Link} to={link.to} size="sm" fw={600}>
                    {link.label}
                  </Anchor>
                ) : null}
              </Stack>
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
