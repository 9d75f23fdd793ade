import { Trans, useLingui } from '@lingui/react/macro';
import type { ImageResponse } from '../../../common/images';
import type { FaqPair } from '../../../common/page-sections';
import { ClockIcon } from '../../components/icons';
import { Group, Stack, Text, Title } from '../../ui';
import type { PublicEvent } from './api';
import { InfoCard } from './EventInfo';
import { dateRange } from './when';

/** When the event is, in its own time zone: a card of its own when the organizer shows it. */
export function DatesCard({ event }: { event: PublicEvent }) {
  const { t, i18n } = useLingui();
  const zone = event.timezone.replaceAll('_', ' ');
  return (
    <InfoCard label={t`When`} testId="dates-card">
      <Group gap="sm" align="start" nowrap>
        <span className="event-icon">
          <ClockIcon size={22} />
        </span>
        <Stack gap="2xs" style={{ minWidth: 0 }}>
          <Title order={2} size="h3">
            <Trans>When</Trans>
          </Title>
          <Text weight={600}>{dateRange(event, event.timezone, i18n.locale)}</Text>
          <Text size="sm" tone="muted">
            <Trans>Times are in the {zone} time zone.</Trans>
          </Text>
        </Stack>
      </Group>
    </InfoCard>
  );
}

/**
 * The organizer's questions and answers: each question a disclosure (`<details>`), which
 * keyboards and screen readers open without any script, and which reads the same before and
 * after the page is hydrated.
 */
export function FaqCard({ faq }: { faq: FaqPair[] }) {
  const { t } = useLingui();
  return (
    <InfoCard label={t`Questions and answers`} testId="faq-card">
      <Stack gap="sm">
        <Title order={2} size="h3">
          <Trans>Questions and answers</Trans>
        </Title>
        <div className="event-faq">
          {faq.map((pair, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the pairs have no id; their order is the organizer's.
            <details key={index} data-testid="faq-item">
              <summary>{pair.question}</summary>
              <p>{pair.answer}</p>
            </details>
          ))}
        </div>
      </Stack>
    </InfoCard>
  );
}

/**
 * The gallery: a grid of the images in upload order, each picking the WebP width it needs,
 * its size written on it so the page does not move as it loads, and loaded as it nears the view.
 */
export function GalleryCard({ title, images }: { title: string; images: ImageResponse[] }) {
  const { t } = useLingui();
  return (
    <InfoCard label={t`Gallery`} testId="gallery-card">
      <Stack gap="sm">
        <Title order={2} size="h3">
          <Trans>Gallery</Trans>
        </Title>
        <ul className="event-gallery">
          {images.map((image, index) => {
            const number = index + 1;
            const count = images.length;
            return (
              <li key={image.id}>
                <img
                  src={image.variants.at(0)?.url ?? image.url}
                  srcSet={image.variants.map((v) => `${v.url} ${v.width}w`).join(', ') || undefined}
                  sizes="(max-width: 600px) 50vw, 300px"
                  width={image.width}
                  height={image.height}
                  loading="lazy"
                  decoding="async"
                  alt={t`${title}, ${number} of ${count}`}
                  data-testid="gallery-image"
                />
              </li>
            );
          })}
        </ul>
      </Stack>
    </InfoCard>
  );
}
