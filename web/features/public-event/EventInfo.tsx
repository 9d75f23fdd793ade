import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Where } from '../../../common/where';
import { MailIcon, MapPinIcon } from '../../components/icons';
import { ANCHOR_CLASS, ButtonLink, Card, Group, Stack, Text, Title } from '../../ui';
import type { PublicEvent } from './api';

/** A card of the event page's content, on the design's content background. */
export function InfoCard({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card as="section" aria-label={label} data-testid={testId}>
      {children}
    </Card>
  );
}

/** The organizer's description of the event (sanitized HTML from the server). */
export function AboutCard({ html }: { html: string }) {
  const { t } = useLingui();
  return (
    <InfoCard label={t`About this event`} testId="about-card">
      <Stack gap="sm">
        <Title order={2} size="h3">
          <Trans>About this event</Trans>
        </Title>
        <div
          className="event-description"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes descriptions (decision 003).
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </Stack>
    </InfoCard>
  );
}

/** The place, or "Online", with a map link when there is something to find on a map. */
export function WhereCard({ where }: { where: Where }) {
  const { t } = useLingui();
  const [first, ...rest] = where.lines;
  return (
    <InfoCard label={t`Where`} testId="where-card">
      <Group gap="sm" align="start" nowrap>
        <span className="event-icon">
          <MapPinIcon size={22} />
        </span>
        <Stack gap="2xs" style={{ minWidth: 0 }}>
          <Title order={2} size="h3">
            <Trans>Where</Trans>
          </Title>
          {where.online ? (
            <div data-testid="event-online">
              <Text weight={600}>
                <Trans>Online</Trans>
              </Text>
              <Text size="sm" tone="muted">
                <Trans>How to join comes with your tickets.</Trans>
              </Text>
            </div>
          ) : null}
          {first ? (
            <address style={{ fontStyle: 'normal' }} data-testid="event-location">
              <Text weight={600}>{first}</Text>
              {rest.map((line) => (
                <Text size="sm" tone="muted" key={line}>
                  {line}
                </Text>
              ))}
            </address>
          ) : null}
          {where.map ? (
            <Text size="sm" weight={600}>
              <a className={ANCHOR_CLASS} href={where.map} target="_blank" rel="noopener noreferrer">
                <Trans>Open the map</Trans>
              </a>
            </Text>
          ) : null}
        </Stack>
      </Group>
    </InfoCard>
  );
}

/** Who runs the event, what they say about themselves (plain text), their website, and how to reach them. */
export function OrganizerCard({ event }: { event: PublicEvent }) {
  const { t } = useLingui();
  const { organizer } = event;
  const contact = event.settings.contact_email;
  const initial = organizer.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <InfoCard label={t`Organizer`} testId="organizer-card">
      <Group gap="md" align="start" nowrap>
        <span className="event-avatar" aria-hidden="true">
          {initial}
        </span>
        <Stack gap="2xs" style={{ minWidth: 0 }}>
          <Text size="sm" tone="muted">
            <Trans>Organized by</Trans>
          </Text>
          <Text weight={700} size="lg">
            {organizer.name}
          </Text>
          {organizer.description ? (
            <Text size="sm" data-testid="organizer-description" style={{ whiteSpace: 'pre-line' }}>
              {organizer.description}
            </Text>
          ) : null}
          {organizer.website ? (
            <Text size="sm">
              <a className={ANCHOR_CLASS} href={organizer.website} target="_blank" rel="noopener noreferrer">
                {organizer.website.replace(/^https?:\/\//, '')}
              </a>
            </Text>
          ) : null}
          {contact ? (
            <>
              <Text size="sm">
                <Trans>
                  Questions? Write to{' '}
                  <a className={ANCHOR_CLASS} href={`mailto:${contact}`}>
                    {contact}
                  </a>
                </Trans>
              </Text>
              <div>
                <ButtonLink
                  href={`mailto:${contact}?subject=${encodeURIComponent(event.title)}`}
                  variant="default"
                  size="xs"
                  round
                  leftSection={<MailIcon size={14} />}
                >
                  <Trans>Contact the organizer</Trans>
                </ButtonLink>
              </div>
            </>
          ) : null}
          <Text size="sm">
            <Trans>
              Lost your tickets?{' '}
              <a
                className={ANCHOR_CLASS}
                href={`/find-tickets/${event.id}`}
                data-testid="find-tickets-link"
                // Underlined: a link inside a sentence must not stand out by its colour alone.
                style={{ textDecoration: 'underline' }}
              >
                Find my tickets
              </a>
            </Trans>
          </Text>
        </Stack>
      </Group>
    </InfoCard>
  );
}
