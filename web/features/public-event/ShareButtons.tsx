import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CalendarIcon, LinkIcon, MailIcon, ShareIcon } from '../../components/icons';

type Copy = 'idle' | 'copied' | 'failed';

/** Read by screen readers, not shown (the button itself says "Link copied"). */
const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * Copy the page's link, send it by e-mail, the device's own share sheet where the browser
 * offers one, and the event as a calendar file.
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
        <Button
          variant="default"
          size="sm"
          radius="xl"
          leftSection={<LinkIcon size={16} />}
          onClick={copyLink}
        >
          {copy === 'copied' ? <Trans>Link copied</Trans> : <Trans>Copy link</Trans>}
        </Button>
        <Button
          component="a"
          href={mail}
          variant="default"
          size="sm"
          radius="xl"
          leftSection={<MailIcon size={16} />}
        >
          <Trans>E-mail</Trans>
        </Button>
        {canShare ? (
          <Button
            variant="default"
            size="sm"
            radius="xl"
            leftSection={<ShareIcon size={16} />}
            onClick={() => void navigator.share({ title, url }).catch(() => undefined)}
          >
            <Trans>Share</Trans>
          </Button>
        ) : null}
        <Button
          component="a"
          href={`/api/public/events/${eventId}/calendar.ics`}
          download
          variant="default"
          size="sm"
          radius="xl"
          leftSection={<CalendarIcon size={16} />}
        >
          <Trans>Add to calendar</Trans>
        </Button>
      </Group>
      <Text
        size="sm"
        role="status"
        mt={copy === 'failed' ? 6 : 0}
        style={copy === 'copied' ? HIDDEN : undefined}
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
