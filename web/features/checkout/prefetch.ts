/**
 * Fetches the checkout's code before the buyer gets there (decision 024): the event page's
 * "Get tickets" button calls `prefetchCheckout()` on hover, focus or press, so that the
 * checkout's chunks (routes, layout, details step and their styles) are in the browser's
 * cache, usually already run, by the time the order is created and the router navigates.
 *
 * An element with `data-prefetch="checkout"` does the same without code: `main.tsx` installs
 * one listener for the whole document (`installIntentPrefetch`).
 */
let loading: Promise<void> | undefined;

/** Starts loading the checkout's code once; later calls share the first. Never rejects. */
export function prefetchCheckout(): Promise<void> {
  loading ??= import('./routes').then(
    () => undefined,
    () => {
      loading = undefined; // offline for a moment: the next intent tries again
    },
  );
  return loading;
}

/** Props for a button that leads to checkout: prefetches on the first sign of intent. */
export const checkoutIntentProps = {
  onPointerEnter: () => void prefetchCheckout(),
  onFocus: () => void prefetchCheckout(),
  onTouchStart: () => void prefetchCheckout(),
} as const;

const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart', 'pointerdown'] as const;

/** Prefetches checkout when the pointer, focus or a finger reaches `[data-prefetch="checkout"]`. */
export function installIntentPrefetch(root: Document = document): () => void {
  const onIntent = (event: Event) => {
    const target = event.target;
    if (target instanceof Element && target.closest('[data-prefetch="checkout"]')) void prefetchCheckout();
  };
  for (const type of INTENT_EVENTS) root.addEventListener(type, onIntent, { capture: true, passive: true });
  return () => {
    for (const type of INTENT_EVENTS) root.removeEventListener(type, onIntent, { capture: true });
  };
}
