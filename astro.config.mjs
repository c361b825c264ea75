// @ts-check
import { defineConfig } from 'astro/config';
import { buildOptionsFromEnv } from './core/build/build-options.ts';

// Static site generator for the human pages. The data documents (JSON, feeds, OpenAPI) are rendered
// by core/ renderers in scripts/build.ts around this build, from the same model the pages use.
export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  outDir: process.env.DIST_DIR ?? './dist',
  site: buildOptionsFromEnv(process.env).BASE_URL,
  output: 'static',
  trailingSlash: 'always',
  build: { format: 'directory', inlineStylesheets: 'always' },
  compressHTML: true,
  devToolbar: { enabled: false },
  // Scripts always as files, never inlined: the /embed/ pages run under script-src 'self'.
  vite: { logLevel: 'warn', build: { assetsInlineLimit: 0 } },
});
