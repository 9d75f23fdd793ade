import { msg } from '@lingui/core/macro';
import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n';

/** Shows a short message in the corner (hides after 4 s); the close button is named. */
export function notify(message: string, tone: 'success' | 'error' = 'success'): void {
  notifications.show({
    color: tone === 'success' ? 'teal' : 'red',
    message,
    closeButtonProps: { 'aria-label': i18n._(msg`Close`) },
  });
}
