import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// One set of catalogs for the web app and the server (API messages, e-mails).
// LINGUI_CATALOG_ROOT lets the catalog check extract into a scratch folder.
const root = process.env.LINGUI_CATALOG_ROOT ?? '<rootDir>/common/locales';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'fr', 'pt', 'pt-BR', 'es', 'zh-CN'],
  fallbackLocales: { 'pt-BR': 'pt', default: 'en' },
  catalogs: [
    {
      path: `${root}/{locale}/messages`,
      include: ['<rootDir>/web', '<rootDir>/common', '<rootDir>/server'],
      exclude: ['**/node_modules/**', '**/*.test.ts', '**/*.test.tsx', '**/locales/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
