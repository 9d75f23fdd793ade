import { useSyncExternalStore } from 'react';
import { LIMITS } from '../../common/limits';

/**
 * Short messages in a corner of the screen ("Link copied", an error the page cannot show in
 * place). Shown with `showToast`, from anywhere; the `<Toasts>` of the app's root renders them.
 * Each closes after `LIMITS.notifications.autoCloseMs`, not while the pointer rests on it;
 * errors are announced at once (`role="alert"`), the others politely.
 */
export interface Toast {
  id: number;
  message: string;
  tone: 'success' | 'error';
}

let shown: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function publish(next: Toast[]) {
  shown = next;
  for (const listener of listeners) listener();
}

function close(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  publish(shown.filter((toast) => toast.id !== id));
}

function closeLater(id: number) {
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => close(id), LIMITS.notifications.autoCloseMs),
  );
}

export function showToast(message: string, tone: Toast['tone'] = 'success'): void {
  const toast = { id: nextId++, message, tone };
  const kept = shown.slice(-(LIMITS.notifications.limit - 1));
  for (const dropped of shown.filter((t) => !kept.includes(t))) clearTimeout(timers.get(dropped.id));
  publish([...kept, toast]);
  closeLater(toast.id);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The stack of toasts, bottom right; `closeLabel` names each one's close button. */
export function Toasts({ closeLabel }: { closeLabel: string }) {
  const toasts = useSyncExternalStore(
    subscribe,
    () => shown,
    () => shown,
  );
  return (
    <div className="ui-toasts" style={{ maxWidth: LIMITS.notifications.width }}>
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className="ui-toast"
          data-tone={toast.tone}
          role={toast.tone === 'error' ? 'alert' : 'status'}
          onPointerEnter={() => clearTimeout(timers.get(toast.id))}
          onPointerLeave={() => closeLater(toast.id)}
        >
          <p>{toast.message}</p>
          <button type="button" className="ui-close" aria-label={closeLabel} onClick={() => close(toast.id)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
