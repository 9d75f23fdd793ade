import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { LIMITS } from '../../common/limits';

/** Mantine's notification stack with the product's settings (`LIMITS.notifications`). */
export default function NotificationsContainer() {
  return (
    <Notifications
      position={LIMITS.notifications.position}
      limit={LIMITS.notifications.limit}
      autoClose={LIMITS.notifications.autoCloseMs}
      containerWidth={LIMITS.notifications.width}
    />
  );
}
