import { readdir, readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { tsImport } from 'tsx/esm/api';
import react from '@vitejs/plugin-react-swc';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { ROUTE_PRELOADS_FILE, routePreloads } from './scripts/vite-route-preloads';
import { pageChunkGroups } from './scripts/vite-page-chunks';

// Busts the persisted query cache whenever a new build ships.
const buildId = process.env.PITBOSS_BUILD_ID ?? new Date().toISOString();

type Desc = { path: string; access: string };
const isCall = (v: unknown): v is Desc & { req: unknown } => !!v && typeof v === 'object' && typeof (v as Desc).path === 'string' && 'req' in v && 'res' in v;
const isSchema = (v: unknown) => !!v && typeof v === 'object' && '_zod' in v;

function describe(v: unknown): unknown {
  if (isCall(v)) return { path: v.path, access: v.access };
  if (typeof v === 'function' || isSchema(v)) return undefined;
  // call maps may nest (e.g. one call per board type): describe every level, drop schemas
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    return Object.fromEntries(
      Object.entries(v)
        .map(([k, c]) => [k, describe(c)])
        .filter(([, d]) => d !== undefined),
    );
  }
  return JSON.parse(JSON.stringify(v ?? null));
}

/**
 * The app only needs each contract call's path and access; the zod schemas (~33 KB gzip) are the
 * server's business and would not fit the first-route budget. Contract modules that use zod are
 * bundled as plain descriptors; types still come from the real modules, and importing a schema
 * value into the app fails the build ("... is not exported") instead of shipping zod.
 */
function contractDescriptors(): Plugin {
  const dir = resolve('src/contract') + sep;
  return {
    name: 'pitboss:contract-descriptors',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0];
      if (!file.startsWith(dir) || !file.endsWith('.ts')) return null;
      if (!/from ['"]zod['"]/.test(await readFile(file, 'utf8'))) return null;
      const mod = (await tsImport(`${pathToFileURL(file).href}?at=${Date.now()}`, import.meta.url)) as Record<string, unknown>;
      return Object.entries(mod)
        .map(([name, value]) => [name, describe(value)] as const)
        .filter(([, d]) => d !== undefined)
        .map(([name, d]) => `export const ${name} = ${JSON.stringify(d)};`)
        .join('\n');
    },
  };
}

/**
 * Lingui 5's compiler keys catalogues by standard base64 ids ("1qMBm+"), the SWC macro plugin 6.x
 * emits URL-safe ones ("1qMBm-"): align the compiled catalogues with the code.
 */
function urlSafeCatalogueIds(): Plugin {
  return {
    name: 'pitboss:lingui-ids',
    transform(code, id) {
      if (!/[\\/]src[\\/]app[\\/]locales[\\/][^\\/]+[\\/]messages\.ts$/.test(id)) return null;
      return code.replace(/\\"([A-Za-z0-9+/]{6})\\":/g, (_m, key: string) => `\\"${key.replace(/\+/g, '-').replace(/\//g, '_')}\\":`);
    },
  };
}

/**
 * The result codes' English texts are the server's resultMessage; the app shows each code's text
 * from its own catalogue (lib/apiMessage), so its copy of the table is left empty (ApiError.message
 * is then the server's text, or empty for errors the app raises itself).
 */
function codesWithoutTexts(): Plugin {
  return {
    name: 'pitboss:codes-without-texts',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]src[\\/]contract[\\/]codes\.ts$/.test(id)) return null;
      const table = /export const resultCodes = \{[\s\S]*?\} as const;/.exec(code);
      if (!table) throw new Error('codes.ts: resultCodes table not found: update codesWithoutTexts()');
      return code.replace(table[0], 'export const resultCodes: Record<string, string> = {};');
    },
  };
}

/**
 * Brotli and gzip twins of every hashed text asset and of the page-to-chunk map the app reads at
 * start (route-preloads.json: 68 KB as written, 5 KB in brotli), made once at build time at the
 * highest level, so the server sends them as they are (no compression per request, no CPU spent on
 * phones' bytes).
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'pitboss:precompress',
    apply: 'build',
    configResolved(c) {
      outDir = resolve(c.root, c.build.outDir);
    },
    async writeBundle() {
      const dir = resolve(outDir, 'assets');
      const assets = (await readdir(dir)).filter((f) => /\.(js|css|svg|json)$/.test(f)).map((f) => resolve(dir, f));
      await Promise.all(
        [...assets, resolve(outDir, ROUTE_PRELOADS_FILE)].map(async (file) => {
          const raw = await readFile(file);
          if (raw.length < 1024) return;
          const [b, g] = await Promise.all([br(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }), gz(raw, { level: 9 })]);
          if (b.length < raw.length) await writeFile(`${file}.br`, b);
          if (g.length < raw.length) await writeFile(`${file}.gz`, g);
        }),
      );
    },
  };
}

const signedIn = ['src/app/lib/session/running.ts', 'src/app/lib/persist.ts'];
const routeFiles = (...files: string[]) => files.map((f) => `src/app/routes/${f}.tsx`);

const lib = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  plugins: [
    contractDescriptors(),
    urlSafeCatalogueIds(),
    codesWithoutTexts(),
    precompress(),
    // each page's chunks are named in the HTML the server sends for it (the landing route's too)
    routePreloads({ routeTree: 'src/app/routeTree.gen.ts', guestTree: 'src/app/guestRoutes.ts', signedIn }),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // a route's loader travels with its screen: the route tree in the first chunk stays small, and
      // the loader's queries arrive with the component instead of in a second round trip
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: 'src/app/routes',
      generatedRouteTree: 'src/app/routeTree.gen.ts',
    }),
    react({ plugins: [['@lingui/swc-plugin', {}]] }),
    lingui(),
    VitePWA({
      strategies: 'generateSW',
      injectRegister: false,
      registerType: 'prompt',
      includeAssets: ['icons/*.png', 'robots.txt'],
      // each site installs as its own app: the server sends /{prefix}/manifest.webmanifest and names it in that site's pages
      manifest: false,
      workbox: {
        // every chunk, including each compiled catalogue, so any language works offline
        globPatterns: ['**/*.{js,css,html,png,svg,ico,json,webmanifest}'],
        // a page opens from its site's own shell (title, colour, manifest, icons), not one generic
        // index.html: the network first (it carries the site's fresh info), offline the last one that
        // site sent, kept under the prefix; a site never seen online falls back to the plain shell
        navigateFallback: null,
        runtimeCaching: [
          {
            // a framed page (the in-app game) is never kept as the site's shell
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' &&
              request.destination !== 'iframe' &&
              /^\/([A-Za-z0-9_-]+(\/|$)|$)/.test(url.pathname) &&
              !/^\/(api|ws|assets|icons)(\/|$)/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'site-shells',
              networkTimeoutSeconds: 5,
              plugins: [
                {
                  cacheKeyWillBeUsed: async ({ request }) => {
                    const url = new URL(request.url);
                    const site = url.pathname.split('/')[1];
                    return `${url.origin}/${site ? `${site}/` : ''}`;
                  },
                  handlerDidError: async () => (await caches.match('/index.html', { ignoreSearch: true })) ?? Response.error(),
                },
              ],
            },
          },
          {
            // the site's manifest and icons, for an installed app opened offline
            urlPattern: ({ url }) => /^\/[A-Za-z0-9_-]+\/(manifest\.webmanifest|icons\/[^/]+\.png)$/.test(url.pathname),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'site-brands', expiration: { maxEntries: 60 } },
          },
        ],
        cleanupOutdatedCaches: true,
        // the push and notification-click handlers (public/push-sw.js); the generated worker stays as it was
        importScripts: ['/push-sw.js'],
      },
    }),
  ],
  resolve: {
    // react-query and the persister pin different query-core patch versions: ship one copy (the newer)
    // (its modern build: the legacy one the folder's `module` field names carries class-field helpers)
    alias: [{ find: /^@tanstack\/query-core$/, replacement: resolve('node_modules/@tanstack/react-query/node_modules/@tanstack/query-core/build/modern/index.js') }],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // dynamic imports carry only their styles: the chunks of a page come from route-preloads.json
    // (named in the HTML by the server, or by the app when it navigates), not from lists in the first chunk
    // (no polyfill: every browser the app supports reads modulepreload; an older one just fetches later)
    modulePreload: { polyfill: false, resolveDependencies: (_f, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((d) => d.endsWith('.css'))) },
    rolldownOptions: {
      output: {
        // a few long-lived library chunks the first screen loads at once, instead of ~35 small ones;
        // a product change re-downloads none of them
        codeSplitting: {
          groups: [
            { name: 'react', test: lib('react|react-dom|scheduler'), priority: 30 },
            {
              name: 'router',
              test: lib(
                '@tanstack/react-router|@tanstack/router-core|@tanstack/history|@tanstack/store|@tanstack/react-store|tiny-invariant|tiny-warning|cookie-es|seroval|seroval-plugins',
              ),
              priority: 20,
            },
            // each signed-in landing page in one or two chunks, not ~40 (see scripts/vite-page-chunks.ts)
            {
              ...pageChunkGroups({
                routeTree: 'src/app/routeTree.gen.ts',
                entries: ['src/app/main.tsx', 'src/app/routeTree.gen.ts'],
                guest: { files: routeFiles('$prefix/index'), name: 'guest', common: 'common' },
                pages: {
                  partner: { files: [...routeFiles('$prefix/_partner/route', '$prefix/_partner/partnerMain'), ...signedIn], family: 'src/app/routes/$prefix/_partner' },
                  player: { files: [...routeFiles('$prefix/_player/route', '$prefix/_player/main'), ...signedIn], family: 'src/app/routes/$prefix/_player' },
                },
                shared: 'shell',
              }),
              priority: 1,
            },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 10 },
            { name: 'app', test: /[\\/]src[\\/]/, tags: ['$initial'], priority: 5 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080', '/ws': { target: 'ws://localhost:8080', ws: true } } },
});
