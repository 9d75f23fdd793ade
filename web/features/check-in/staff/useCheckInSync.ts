import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { deleteCheckIn, fetchWholeList, postCheckIn } from './api';
import { createCheckInSync } from './check-in-sync';
import { dequeue, enqueue, loadList, queued, saveList } from './store';

/** What this device calls itself on check-ins ("Phone 4821"), kept between visits. */
function deviceName(): string {
  const saved = localStorage.getItem('tessera_device');
  if (saved) return saved;
  const name = `Phone ${Math.floor(1000 + Math.random() * 9000)}`;
  localStorage.setItem('tessera_device', name);
  return name;
}

const server = { fetchList: fetchWholeList, postCheckIn, deleteCheckIn };
const store = { saveList, loadList, enqueue, queued, dequeue };
const UPLOAD_EVERY_MS = 15_000;

/**
 * The door device's list and offline scans for the staff page (`./check-in-sync`): loaded on
 * arrival, scans waiting uploaded then, when the network comes back, and every 15 s.
 */
export function useCheckInSync(shortId: string) {
  const sync = useMemo(
    () =>
      createCheckInSync({
        shortId,
        device: deviceName(),
        server,
        store,
        browserOnline: () => navigator.onLine,
      }),
    [shortId],
  );
  const state = useSyncExternalStore(sync.subscribe, sync.getState);
  useEffect(() => {
    void sync.refresh().then(sync.upload);
    const up = () => void sync.setOnline(true);
    const down = () => void sync.setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    const timer = window.setInterval(() => void sync.upload(), UPLOAD_EVERY_MS);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      window.clearInterval(timer);
    };
  }, [sync]);
  return { ...state, refresh: sync.refresh, checkIn: sync.checkIn, undo: sync.undo };
}
