import { statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type BuildEnvironmentOptions, defineConfig, type ProxyOptions } from 'vite';
import { buyerZodCopy, pureZod } from './scripts/pure-zod.js';

const webRoot = fileURLToPath(new URL('web', import.meta.url));

/**
 * `/api` goes to the API server, except the source modules of `web/api/` itself, which the
 * dev server asks for under the same prefix (`/api/client.ts`).
 */
const apiProxy: ProxyOptions = {
  target: 'http://localhost:3000',
  bypass: (req: IncomingMessage) => {
    const pathname = (req.url ?? '').split('?')[0] ?? '';
    const file = statSync(`${webRoot}${decodeURIComponent(pathname)}`, { throwIfNoEntry: false });
    return file?.isFile() ? req.url : undefined;
  },
};

const webBuild: BuildEnvironmentOptions = {
  outDir: '../dist/web',
  emptyOutDir: true,
  manifest: true,
  sourcemap: true,
  rolldownOptions: {
    // Everything the entry needs in one chunk: one request and one gzip stream instead of
    // several shared chunks that the lazy routes would otherwise carve out of it. Likewise the
    // public event page with what it imports, and the checkout with what it adds (decision
    // 024): a buyer's first visit is two scripts and two style sheets, going on to checkout
    // one of each more, instead of dozens of small shared chunks with a gzip stream each.
    output: {
      codeSplitting: {
        groups: [
          { name: 'app', tags: ['$initial'], priority: 3 },
          {
            name: 'event',
            test: /web[\\/]features[\\/]public-event[\\/]PublicEventPage\.tsx$/,
            priority: 2,
          },
        ],
      },
    },
  },
};

const plugins = [
  react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
  pureZod(),
  buyerZodCopy(),
];

// The web app lives in web/ and builds to dist/web, which the server serves. The manifest
// (dist/web/.vite/manifest.json) maps sources to built files; scripts/bundle-size.ts reads it.
// `vite build --ssr` builds the server's rendering of the public event page (web/ssr.tsx) to
// dist/ssr, for Node: the packages stay imports of node_modules (decision 026).
export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  publicDir: 'public',
  plugins,
  build: isSsrBuild
    ? {
        ssr: 'ssr.tsx',
        outDir: '../dist/ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: true,
      }
    : webBuild,
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': apiProxy },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
}));
