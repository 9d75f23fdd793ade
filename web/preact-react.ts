/**
 * `react` as the browser build and the server's page rendering see it: Preact's compat layer
 * (decision 033). The app is written against React 19's API; Preact runs it in a fifth of the
 * download. This module adds what compat lacks and the app or its libraries use.
 */
import { options, type VNode } from 'preact';
import compat, {
  type Context,
  createElement,
  type ReactNode,
  useContext,
  useLayoutEffect,
} from 'preact/compat';

// compat's type declarations are written as `export =`, which TypeScript will not re-export
// with `export *`; the module itself is plain ESM and re-exports fine. The app's own code is
// typed against React's declarations, not these.
// @ts-expect-error TS2498
export * from 'preact/compat';

/**
 * React 19's `<Activity>`: Mantine wraps content it keeps mounted while hidden (a closed
 * collapse or transition with `keepMounted`). Its children stay mounted, keeping their state,
 * and are hidden from view and from assistive technology while the mode is "hidden".
 */
export function Activity({ mode, children }: { mode?: 'visible' | 'hidden'; children?: ReactNode }) {
  return createElement(
    'div',
    { style: { display: mode === 'hidden' ? 'none' : 'contents' }, 'data-activity': mode ?? 'visible' },
    children,
  );
}

/**
 * React 19's `use`: a context is read as `useContext` reads it. Compat's own reading of a
 * context needs a field that the server's renderer never sets on a component, so Mantine's
 * `use(ThemeContext)` failed there; the libraries call it unconditionally, as a hook.
 */
export function use<T>(usable: Context<T> | PromiseLike<T>): T {
  // biome-ignore lint/correctness/useHookAtTopLevel: a context is read by `useContext`, a hook; the libraries' calls of `use` with a context are unconditional.
  if ('Provider' in usable) return useContext(usable);
  return compat.use(usable as Promise<T>);
}

const textOf = (children: unknown): string =>
  Array.isArray(children) ? children.map(textOf).join('') : children == null ? '' : String(children);

/**
 * A page's `<title>`, which React 19 moves into the document's head: here it names the
 * document while the page shows, and renders nothing where it stands. The server writes the
 * head of the pages it renders itself.
 */
function DocumentTitle({ children }: { children?: ReactNode }) {
  const text = textOf(children);
  useLayoutEffect(() => {
    document.title = text;
  }, [text]);
  return null;
}

/** A page's `<meta>` (a personal link's `robots: noindex`), in the head while the page shows. */
function DocumentMeta(props: Record<string, string>) {
  const key = JSON.stringify(props);
  useLayoutEffect(() => {
    const meta = document.createElement('meta');
    for (const [name, value] of Object.entries(JSON.parse(key) as Record<string, string>))
      meta.setAttribute(name, value);
    document.head.append(meta);
    return () => meta.remove();
  }, [key]);
  return null;
}

/**
 * React 19 hoists `<title>` and `<meta>` into the head and reads `href`/`precedence` on a
 * `<style>` as its key there. Preact renders elements where they stand: these take the head's
 * part, and a keyed style stays in place without the two attributes no browser knows.
 */
const previousVnode = options.vnode;
options.vnode = (vnode: VNode) => {
  if (vnode.type === 'title') vnode.type = DocumentTitle as never;
  else if (vnode.type === 'meta') vnode.type = DocumentMeta as never;
  else if (vnode.type === 'style') {
    const props = vnode.props as Record<string, unknown>;
    if ('precedence' in props) {
      const { href: _href, precedence: _precedence, ...rest } = props;
      vnode.props = rest as never;
    }
  }
  previousVnode?.(vnode);
};

export default { ...compat, Activity, use };
