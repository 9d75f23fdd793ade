import MagicString from 'magic-string';
import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';

/**
 * Building a zod schema has no effect the web relies on (only `.meta()` registers it, for the
 * server's OpenAPI). This build plugin marks each schema built in our own modules
 * (`z.strictObject({…}).meta({…})`, a whole chain) with a pure annotation, so that a page
 * importing a constant from a common/ module does not also download zod and every schema
 * beside that constant.
 *
 * An annotation per call site, not the bundler's list of pure function names: that list
 * matches by name in every module, and minified packages name their own functions `z` too.
 */

interface Node {
  type: string;
  start: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The identifier a call chain such as `z.string().min(1)` starts from. */
function chainRoot(node: Node): Node {
  let current = node;
  for (;;) {
    if (current.type === 'CallExpression' && isNode(current.callee)) current = current.callee;
    else if (current.type === 'MemberExpression' && isNode(current.object)) current = current.object;
    else return current;
  }
}

/** Where each outermost call of a chain that starts from `z` begins. */
export function zodCallStarts(code: string): number[] {
  const starts: number[] = [];
  const visit = (node: Node, parent: Node | null) => {
    if (node.type === 'CallExpression' && parent?.type !== 'MemberExpression') {
      const root = chainRoot(node);
      if (root.type === 'Identifier' && root.name === 'z') starts.push(node.start);
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const child of value) isNode(child) && visit(child, node);
      else if (isNode(value)) visit(value, node);
    }
  };
  visit(parseAst(code, { lang: 'tsx' }) as unknown as Node, null);
  return starts;
}

export function pureZod(): Plugin {
  return {
    name: 'tessera:pure-zod',
    apply: 'build',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/from ['"]zod(\/[a-z]+)?['"]/.test(code)) return null;
      const starts = zodCallStarts(code);
      if (starts.length === 0) return null;
      const out = new MagicString(code);
      for (const at of starts) out.appendLeft(at, '/* @__PURE__ */ ');
      return { code: out.toString(), map: out.generateMap({ hires: 'boundary', source: id }) };
    },
  };
}

const COPY = '?buyer-zod';

/**
 * The browser's own copy of zod's small build and core, for the schemas written with
 * `zod/mini` (the checkout's). Management screens use zod's chained build, which needs nearly
 * all of zod's core; a module is in one chunk only, so without a copy of its own the
 * checkout would download that whole core beside its small schema (decision 033).
 */
export function buyerZodCopy(): Plugin {
  return {
    name: 'tessera:buyer-zod-copy',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (this.environment.name !== 'client' || !importer) return null;
      const copied = importer.endsWith(COPY);
      if (source !== 'zod/mini' && !(copied && source.startsWith('.'))) return null;
      const from = copied ? importer.slice(0, -COPY.length) : importer;
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      return resolved ? { ...resolved, id: `${resolved.id}${COPY}` } : null;
    },
  };
}
