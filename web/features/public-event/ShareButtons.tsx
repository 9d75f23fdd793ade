import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CalendarIcon, LinkIcon, MailIcon, ShareIcon } from '../../components/icons';
import { Button, ButtonLink, Group, Text } from '../../ui';
import { DATE_PARAM } from './dates';

type Copy = 'idle' | 'copied' | 'failed';

/**
 * Copy the page's link, send it by e-mail, the device's own share sheet where the browser
 * offers one, and the event as a calendar file: of the date chosen (`?date=`), or else of the
 * next date on sale, as the server picks it.
 */
export function ShareButtons({ eventId, title, path }: { eventId: number; title: string; path: string }) {
  const { t } = useLingui();
  const [copy, setCopy] = useState<Copy>('idle');
  // Known only in the browser, after the first paint, so server and client render alike.
  const [origin, setOrigin] = useState('');
  const [canShare, setCanShare] = useState(false);
  useEffect(() => {
    setOrigin(window.location.origin);
    setCanShare(typeof navigator.share === 'function');
  }, []);
  const url = `${origin}${path}`;
  const [searchParams] = useSearchParams();
  const dateId = Number(searchParams.get(DATE_PARAM)) || undefined;

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  const mail = `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${title}\n${url}`)}`;

  return (
    <div>
      <Group gap="xs" data-testid="share-buttons">
        <Button variant="default" round leftSection={<LinkIcon size={16} />} onClick={copyLink}>
          {copy === 'copied' ? <Trans>Link copied</Trans> : <Trans>Copy link</Trans>}
        </Button>
        <ButtonLink href={mail} variant="default" round leftSection={<MailIcon size={16} />}>
          <Trans>E-mail</Trans>
        </ButtonLink>
        {canShare ? (
          <Button
            variant="default"
            round
            leftSection={<ShareIcon size={16} />}
            onClick={() => void navigator.share({ title, url }).catch(() => undefined)}
          >
            <Trans>Share</Trans>
          </Button>
        ) : null}
        <ButtonLink
          href={`/api/public/events/${eventId}/calendar.ics${dateId ? `?date_id=${dateId}` : ''}`}
          download
          variant="default"
          round
          leftSection={<CalendarIcon size={16} />}
        >
          <Trans>Add to calendar</Trans>
        </ButtonLink>
      </Group>
      <Text
        size="sm"
        role="status"
        className={copy === 'copied' ? 'ui-visually-hidden' : undefined}
        style={copy === 'failed' ? { marginTop: 6 } : undefined}
      >
        {copy === 'failed'
          ? t`The link could not be copied. Copy it from here: ${url}`
          : copy === 'copied'
            ? t`The link is copied.`
            : ''}
      </Text>
    </div>
  );
}
