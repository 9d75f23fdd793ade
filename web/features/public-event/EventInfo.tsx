import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Where } from '../../../common/where';
import { MailIcon, MapPinIcon } from '../../components/icons';
import type { PublicEvent } from './api';

/** A card of the event page's content, on the design's content background. */
function Card({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-label={label}
      data-testid={testId}
    >
      {children}
    </Paper>
  );
}

/** The organizer's description of the event (sanitized HTML from the server). */
export function AboutCard({ html }: { html: string }) {
  const { t } = useLingui();
  return (
    <Card label={t`About this event`}>
      <Title order={2} fz="h3" mb="sm">
        <Trans>About this event</Trans>
      </Title>
      <Box
        className="event-description"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes descriptions (decision 003).
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </Card>
  );
}

/** The place, or "Online", with a map link when there is something to find on a map. */
export function WhereCard({ where }: { where: Where }) {
  const { t } = useLingui();
  const [first, ...rest] = where.lines;
  return (
    <Card label={t`Where`}>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Box c="var(--event-accent)" pt={4} style={{ flexShrink: 0 }}>
          <MapPinIcon size={22} />
        </Box>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} fz="h3">
            <Trans>Where</Trans>
          </Title>
          {where.online ? (
            <div data-testid="event-online">
              <Text fw={600}>
                <Trans>Online</Trans>
              </Text>
              <Text size="sm" c="dimmed">
                <Trans>How to join comes with your tickets.</Trans>
              </Text>
            </div>
          ) : null}
          {first ? (
            <address style={{ fontStyle: 'normal', overflowWrap: 'anywhere' }} data-testid="event-location">
              <Text fw={600}>{first}</Text>
              {rest.map((line) => (
                <Text size="sm" c="dimmed" key={line}>
                  {line}
                </Text>
              ))}
            </address>
          ) : null}
          {where.map ? (
            <Anchor href={where.map} target="_blank" rel="noopener noreferrer" size="sm" fw={600} mt={4}>
              <Trans>Open the map</Trans>
            </Anchor>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}

/** Who runs the event, what they say about themselves (plain text), their website, and how to reach them. */
export function OrganizerCard({ event }: { event: PublicEvent }) {
  const { t } = useLingui();
  const { organizer } = event;
  const contact = event.settings.contact_email;
  const initial = organizer.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <Card label={t`Organizer`} testId="organizer-card">
      <Group gap="md" align="flex-start" wrap="nowrap">
        <Box
          aria-hidden="true"
          w={48}
          h={48}
          fw={700}
          fz="lg"
          style={{
            flexShrink: 0,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            background: 'var(--event-primary)',
            color: 'var(--event-on-primary)',
          }}
        >
          {initial}
        </Box>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            <Trans>Organized by</Trans>
          </Text>
          <Text fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {organizer.name}
          </Text>
          {organizer.description ? (
            <Text
              size="sm"
              data-testid="organizer-description"
              style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            >
              {organizer.description}
            </Text>
          ) : null}
          {organizer.website ? (
            <Anchor href={organizer.website} target="_blank" rel="noopener noreferrer" size="sm">
              {organizer.website.replace(/^https?:\/\//, '')}
            </Anchor>
          ) : null}
          {contact ? (
            <>
              <Text size="sm">
                <Trans>
                  Questions? Write to <Anchor href={`mailto:${contact}`}>{contact}</Anchor>
                </Trans>
              </Text>
              <Button
                component="a"
                href={`mailto:${contact}?subject=${encodeURIComponent(event.title)}`}
                variant="default"
                size="xs"
                radius="xl"
                w="fit-content"
                mt={4}
                leftSection={<MailIcon size={14} />}
              >
                <Trans>Contact the organizer</Trans>
              </Button>
            </>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}
