import { type ComponentType, lazy } from 'react';

/**
 * A page whose code is a chunk of its own, downloaded the first time it renders. The router
 * navigates in a transition, so the page on screen stays until the next one is ready; only a
 * first visit shows the loader of the `Suspense` around the routes.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  return lazy(async () => ({ default: pick(await load()) }));
}
