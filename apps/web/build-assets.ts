import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * index.html names its stylesheet before its scripts: over HTTP/1.1 a browser opens six connections
 * to the server, and the first paint waits for the styles, not for the ten script files that
 * otherwise queue ahead of them (issue 12; the server puts an entry page's own styles first too).
 */
export function stylesFirst(): Plugin {
  return {
    name: 'styles-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const styles = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        const firstScript = html.search(/\s*<script type="module"/);
        if (styles.length === 0 || firstScript === -1) return html;
        let rest = html;
        for (const style of styles) rest = rest.replace(style, '');
        const at = rest.search(/\s*<script type="module"/);
        return `${rest.slice(0, at)}${styles.join('')}${rest.slice(at)}`;
      },
    },
  };
}

const COMPRESSIBLE = /\.(js|css|svg|json|html)$/;

/**
 * Each built asset also as `.br` (quality 11) and `.gz` (level 9), which the server sends as they
 * are (`@fastify/static`'s `preCompressed`): smaller than compressing per request at the quick
 * settings, and no compression work per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((entry) =>
            entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
          );
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || path.basename(file) === 'index.html') continue;
        const bytes = fs.readFileSync(file);
        if (bytes.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
