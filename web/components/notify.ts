import { showToast } from '../ui/Toasts';

/** Shows a short message in the corner (hides after 4 s); the app's root renders it (`ui/Toasts.tsx`). */
export function notify(message: string, tone: 'success' | 'error' = 'success'): void {
  showToast(message, tone);
}
