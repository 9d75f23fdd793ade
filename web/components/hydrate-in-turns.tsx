import { type ReactNode, Suspense, use } from 'react';

/**
 * Hydration of a server-rendered page in turns (decision 033). Preact hydrates a page in one
 * go: on a slow phone, the event page's was one task of over 100 ms, during which a tap
 * waits. Each `<InTurn>` part of the page instead waits for a turn of its own: it keeps the
 * server's markup meanwhile (visible, not yet interactive), and the browser gets to handle
 * input between the turns. Outside hydration (the server, a page rendered in the browser),
 * the parts render at once.
 */

let hydrating = false;
const turns = new Map<string, Promise<void>>();
const done = new Set<string>();
let last: Promise<void> = Promise.resolve();

/**
 * Called by the entry just before it hydrates the server's page. A page with no parts (an
 * event that is not on sale) never ends the hydration by a first turn: it ends after a while
 * regardless, so that parts rendered later in the browser never wait.
 */
export function startHydration() {
  hydrating = true;
  setTimeout(() => {
    hydrating = false;
  }, 10_000);
}

/** A promise of the next turn: each part's comes a task after the one before. */
function nextTurn(key: string): Promise<void> {
  last = last.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  return last.then(() => {
    // Every part of the hydrated page has asked for its turn by now.
    hydrating = false;
    done.add(key);
  });
}

function Turn({ name, children }: { name: string; children: ReactNode }) {
  if (!done.has(name)) {
    let turn = turns.get(name);
    if (!turn && hydrating) {
      turn = nextTurn(name);
      turns.set(name, turn);
    }
    if (turn) use(turn);
  }
  // One element: a part that waits keeps exactly this element of the server's markup.
  return (
    <div data-turn={name} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}

/** A part of a server-rendered page that is hydrated in a turn of its own. */
export function InTurn({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Turn name={name}>{children}</Turn>
    </Suspense>
  );
}
