import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress, stylesFirst } from './build-assets.ts';
import { firstLoadGroup, routePreloads } from './route-preloads.ts';

/**
 * The files of the entry's first load (the `shell` and `react-vendor` groups below, the bundler's
 * runtime, the entry's styles), which every page has before it imports anything lazily.
 */
const ENTRY_FILE = /^assets\/(index|react-vendor|rolldown-runtime)-[\w-]+\.(js|css)$/;

/** The API server the dev and preview servers forward to (apps/server listens on 8080 by default). */
const apiTarget = 'http://localhost:8080';

// The root is pinned to this folder so the build lands in apps/web/dist whatever the working directory.
const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);

/** A colour of the design tokens (src/shared/styles/tokens.css), for the manifest. */
function token(name: string): string {
  const css = fs.readFileSync(`${webRoot}src/shared/styles/tokens.css`, 'utf8');
  const value = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{3,8});`).exec(css)?.[1];
  if (!value) throw new Error(`tokens.css has no --${name}`);
  return value;
}

/**
 * The installable app (decision 046): the manifest, and the service worker of src/sw.ts with the
 * build's files to precache. The app registers the worker itself, lazily (src/shared/pwa/).
 */
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: false,
    manifest: {
      id: '/home',
      name: '함께미션',
      short_name: '함께미션',
      description: '가족이 함께 하루 미션을 인증하는 함께미션',
      lang: 'ko',
      dir: 'ltr',
      start_url: '/home',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      // The app's surfaces and header are white (index.html's theme-color); the icon carries the brand.
      theme_color: token('gray-0'),
      background_color: token('gray-0'),
      categories: ['lifestyle', 'education'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // The family app's code and styles, Pretendard's font files (12 subsets, 2.2 MB: the app is drawn
      // in its own font offline too; shared pages, which one-off visitors open, register no worker),
      // the offline page and the icons. Not the operator console's chunks (operators are few and
      // always online), not the precompressed copies, not the server-side build.
      globPatterns: ['assets/*.{js,css,woff2}', 'offline.html', 'icons/*.png', 'favicon.svg'],
      globIgnores: ['assets/admin-app-*', 'assets/dashboard-page-*', 'ssr/**'],
      maximumFileSizeToCacheInBytes: 1024 * 1024,
    },
  });
}

export default defineConfig(({ isSsrBuild }) => ({
  root: webRoot,
  plugins: [
    react(),
    routePreloads(webRoot),
    stylesFirst(),
    precompress(),
    ...(isSsrBuild ? [] : [installableApp()]),
  ],
  // `@/…` is apps/web/src: imports across app/, shared/ and features/ read the same from anywhere.
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${webRoot}src/` },
      // React 19 has useSyncExternalStore: the shim's fallback (base-ui's and recharts' import) is
      // dead weight, and one module for all three users keeps the store code in one place.
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
    ],
  },
  // The server-side build carries the code it uses and nothing else (lucide-react's package alone is
  // 1,600 icons: 350 ms and 41 MiB to import where the shared day draws three).
  ssr: { noExternal: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed file names under /assets/ so the server can cache them forever.
    assetsDir: 'assets',
    // A lazily loaded chunk preloads its imports with a <link> each, and the browser starts a request
    // for each on the main thread (about 2 ms apiece on /home's first load here, 8 on a slow phone).
    // The entry's own files are loaded before anything is imported lazily: no link for them there
    // (index.html keeps its own, which start them beside the entry).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => !ENTRY_FILE.test(dep)),
    },
    // The server-side build (dist/ssr) is code for the server: the public files stay in dist alone.
    copyPublicDir: !isSsrBuild,
    rolldownOptions: {
      // es-hangul's package says nothing of side effects, so its whole 55 KB would ride along with the
      // catalog's one function (josa); its modules have none, so what is unused is left out.
      treeshake: {
        moduleSideEffects: (id: string) => !/node_modules[\\/]es-hangul[\\/]/.test(id),
      },
      output: {
        // Every lazy chunk's file name sits in the entry's preload table (and /home's): seven characters
        // of hash (42 bits) tell builds apart as well as eight, and save about a byte of gzip a name.
        // (The server-side build keeps its own names: prerender.mjs imports dist/ssr/entry.js.)
        ...(isSsrBuild
          ? {}
          : {
              entryFileNames: 'assets/[name]-[hash:7].js',
              chunkFileNames: 'assets/[name]-[hash:7].js',
              assetFileNames: 'assets/[name]-[hash:7][extname]',
            }),
        codeSplitting: {
          // React and the router change least often: one long-cached chunk with a name that says so.
          // `use-sync-external-store` goes with them: the app's store and the console's charts
          // (recharts' react-redux) both use it, and on its own it became one more first-load request.
          groups: [
            {
              name: 'react-vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store)[\\/]/,
              priority: 2,
            },
            // Everything else the entry imports statically goes in one chunk with it: the first load was
            // ten small files queued over HTTP/1.1's six connections, and one file compresses better.
            { name: 'shell', tags: ['$initial'], priority: 1 },
            // What the first-loaded pages import, one chunk per set of them that shares it (route-preloads.ts).
            { name: firstLoadGroup(webRoot) },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/v1': apiTarget,
      '/docs': apiTarget,
      '/_emulator': apiTarget,
    },
  },
}));
