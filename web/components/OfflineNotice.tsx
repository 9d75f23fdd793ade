import './OfflineNotice.css';
import { Trans } from '@lingui/react/macro';
import { useLayoutEffect, useSyncExternalStore } from 'react';
import { WifiOffIcon } from './icons';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

// Pages that show the connection state themselves, in their own words and place (the door
// staff's check-in page), keep the app-wide notice away: one offline indicator, never over
// their controls.
const ownIndicators = new Set<object>();
const ownListeners = new Set<() => void>();

function subscribeOwn(onChange: () => void): () => void {
  ownListeners.add(onChange);
  return () => {
    ownListeners.delete(onChange);
  };
}

function changed(): void {
  for (const listener of ownListeners) listener();
}

/** While the calling page is shown, it tells about being offline itself; the notice stays away. */
export function useOwnOfflineIndicator(): void {
  useLayoutEffect(() => {
    const page = {};
    ownIndicators.add(page);
    changed();
    return () => {
      ownIndicators.delete(page);
      changed();
    };
  }, []);
}

/**
 * A banner shown while the browser is offline, unless the page shows its own. The live region is always in the page so that
 * screen readers announce the message when it appears.
 */
export function OfflineNotice() {
  const online = useOnline();
  const pageTellsItself = useSyncExternalStore(
    subscribeOwn,
    () => ownIndicators.size > 0,
    () => false,
  );
  return (
    <div role="status" aria-live="polite" className="offline-notice">
      {online || pageTellsItself ? null : (
        <p>
          <WifiOffIcon style={{ flexShrink: 0 }} />
          <span>
            <Trans>You are offline. Some things will not work until your connection is back.</Trans>
          </span>
        </p>
      )}
    </div>
  );
}
