import type {
  CheckInAttendee,
  CheckInRequest,
  CheckInResponse,
  CheckOutResponse,
} from '../../../../common/check-in';
import { isApiError } from '../../../api/errors';
import { newNonce, type QueuedScan } from './store';
import { decideOffline, type OfflineList, offlineAnswer } from './verify';

// A door device's copy of its check-in list, and the scans it made offline: loaded from the
// server (or, out of reach, from what the device kept), kept in step with every answer, and
// uploaded when the network is back. Plain TypeScript; `useCheckInSync` gives it to React.

export type ListLoad =
  | { status: 'loading' }
  | { status: 'gone' }
  | { status: 'failed' }
  | { status: 'ready'; data: OfflineList };

export interface CheckInSyncState {
  load: ListLoad;
  /** What the device last found out: the browser said so, or a call got no answer. */
  online: boolean;
  /** Scans made offline, not yet accepted by the server. */
  waiting: number;
}

/** The server's check-in calls (`./api` in the browser). */
export interface CheckInServer {
  fetchList(shortId: string): Promise<OfflineList>;
  postCheckIn(shortId: string, body: CheckInRequest): Promise<CheckInResponse>;
  deleteCheckIn(shortId: string, checkInId: number): Promise<CheckOutResponse>;
}

/** What the device keeps between visits (`./store`, IndexedDB, in the browser). */
export interface DeviceStore {
  saveList(shortId: string, data: OfflineList): Promise<void>;
  loadList(shortId: string): Promise<OfflineList | undefined>;
  enqueue(scan: QueuedScan): Promise<void>;
  queued(shortId: string): Promise<QueuedScan[]>;
  dequeue(nonce: string): Promise<void>;
}

/** One scan's answer: from the server, or decided on the device while offline. */
export interface ScanAnswer {
  response: CheckInResponse;
  offline: boolean;
}

export interface CheckInSync {
  getState(): CheckInSyncState;
  subscribe(listener: () => void): () => void;
  /** Loads the list again from the server; out of reach, from the device's copy. */
  refresh(): Promise<void>;
  /** Uploads the scans made offline, each leaving the queue once answered; then refreshes. */
  upload(): Promise<void>;
  /** The browser says the network is back (then uploads) or gone. */
  setOnline(online: boolean): Promise<void>;
  /** Checks a ticket code or a picked attendee in: by the server, or offline on the device. */
  checkIn(scan: CheckInRequest): Promise<ScanAnswer | null>;
  /** Undoes a check-in the server made; false when it could not. */
  undo(checkInId: number): Promise<boolean>;
}

/** No answer at all (offline, or the server out of reach): the device decides on its own. */
const isNetworkError = (error: unknown) => isApiError(error) && error.status === 0;
const isGone = (error: unknown) => isApiError(error) && error.status === 404;
/** The server asks to wait (rate limit): a queued scan is sent again later. */
const isBusy = (error: unknown) => isApiError(error) && error.status === 429;

export function createCheckInSync(options: {
  shortId: string;
  /** What this device calls itself on check-ins. */
  device: string;
  server: CheckInServer;
  store: DeviceStore;
  /** Whether the browser thinks it is online (`navigator.onLine`). */
  browserOnline: () => boolean;
  now?: () => Date;
}): CheckInSync {
  const { shortId, device, server, store, browserOnline } = options;
  const now = options.now ?? (() => new Date());
  let state: CheckInSyncState = { load: { status: 'loading' }, online: browserOnline(), waiting: 0 };
  const listeners = new Set<() => void>();
  let uploading = false;

  const set = (change: Partial<CheckInSyncState>) => {
    state = { ...state, ...change };
    for (const listener of listeners) listener();
  };

  /**
   * Marks an attendee in (or out) in the device's copy, so the list and offline scans agree. The
   * attendee is found by id only: two people may share a name. Someone let in holds a valid
   * ticket, so an order that was awaiting payment is paid: every ticket of it (found by the
   * order's reference) holds now too, in the same change (decision 039).
   */
  const remember = (
    attendee: { id: number; order_reference?: string },
    checkIn: CheckInAttendee['check_in'],
  ) => {
    if (state.load.status !== 'ready') return;
    const before = state.load.data.attendees;
    const own = before.find((a) => a.id === attendee.id);
    const reference = attendee.order_reference ?? own?.order_reference;
    const paid = checkIn !== null && reference !== undefined;
    const attendees = before.map((a) => {
      if (a.id === attendee.id)
        return {
          ...a,
          check_in: checkIn,
          ...(checkIn ? { status: 'ACTIVE' as const, payment_due: null } : {}),
        };
      if (paid && a.order_reference === reference && a.status === 'AWAITING_PAYMENT')
        return { ...a, status: 'ACTIVE' as const, payment_due: null };
      return a;
    });
    const data = { ...state.load.data, attendees };
    set({ load: { status: 'ready', data } });
    void store.saveList(shortId, data).catch(() => undefined);
  };

  /** What the server answered, in the device's copy: who is in now, or not after all. */
  const rememberAnswer = (response: CheckInResponse) => {
    if (!response.attendee) return;
    const inside = response.outcome === 'CHECKED_IN' || response.outcome === 'ALREADY_CHECKED_IN';
    if (inside && response.check_in) remember(response.attendee, response.check_in);
    else if (!inside) remember(response.attendee, null);
  };

  const refresh = async () => {
    try {
      const data = await server.fetchList(shortId);
      await store.saveList(shortId, data);
      set({ load: { status: 'ready', data } });
    } catch (error) {
      if (isGone(error)) return set({ load: { status: 'gone' } });
      const saved = await store.loadList(shortId).catch(() => undefined);
      set({ load: saved ? { status: 'ready', data: saved } : { status: 'failed' } });
    }
  };

  const upload = async () => {
    if (uploading || !browserOnline()) return;
    uploading = true;
    try {
      // In the order they were made: a ticket let in after its order was paid at the door must
      // reach the server after that payment (the device's store keeps them by nonce).
      const queue = (await store.queued(shortId)).sort((a, b) =>
        (a.body.scanned_at ?? '').localeCompare(b.body.scanned_at ?? ''),
      );
      for (const scan of queue) {
        try {
          rememberAnswer(await server.postCheckIn(shortId, scan.body));
        } catch (error) {
          // Out of reach again, or asked to wait: the rest waits. Any other answer is final for this scan.
          if (isNetworkError(error) || isBusy(error)) return;
        }
        await store.dequeue(scan.nonce);
      }
      await refresh();
    } finally {
      set({ waiting: (await store.queued(shortId).catch(() => [])).length });
      uploading = false;
    }
  };

  const setOnline = async (online: boolean) => {
    set({ online });
    if (online) await upload();
  };

  const checkIn = async (scan: CheckInRequest): Promise<ScanAnswer | null> => {
    const load = state.load;
    if (load.status !== 'ready') return null;
    const body = { ...scan, nonce: newNonce(), device };
    try {
      const response = await server.postCheckIn(shortId, body);
      rememberAnswer(response);
      return { response, offline: false };
    } catch (error) {
      if (!isNetworkError(error)) {
        if (isGone(error)) set({ load: { status: 'gone' } });
        return null;
      }
    }
    // Offline: decide here, keep the scan for later.
    set({ online: false });
    const at = now();
    const decided = await decideOffline(
      state.load.status === 'ready' ? state.load.data : load.data,
      {
        ...(scan.ticket_code ? { code: scan.ticket_code } : { attendeeId: scan.attendee_id ?? 0 }),
        markPaid: scan.mark_paid === true,
      },
      at,
    );
    const response = offlineAnswer(decided, at, device);
    if (decided.outcome === 'CHECKED_IN') {
      // Queued with its nonce: however often it is uploaded, the server decides it once.
      await store.enqueue({ shortId, nonce: body.nonce, body: { ...body, scanned_at: at.toISOString() } });
      set({ waiting: state.waiting + 1 });
      if (response.attendee) remember(response.attendee, response.check_in ?? null);
    }
    return { response, offline: true };
  };

  const undo = async (checkInId: number) => {
    try {
      const undone = await server.deleteCheckIn(shortId, checkInId);
      remember(undone.attendee, null);
      return true;
    } catch {
      // The answer stays on screen; the list shows the truth after the next refresh.
      return false;
    }
  };

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    refresh,
    upload,
    setOnline,
    checkIn,
    undo,
  };
}
