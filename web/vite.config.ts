import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

/**
 * Writes .gz and .br siblings of the text assets so that a static server with pre-compressed
 * support (e.g. @fastify/static `preCompressed: true`) sends them without compressing per request.
 */
function precompress(): Plugin {
  return {
    name: 'console-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const jobs: Promise<void>[] = [];
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!/\.(?:js|css|html|svg|json)$/.test(fileName)) continue;
        const source = output.type === 'chunk' ? output.code : output.source;
        const buffer = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        if (buffer.length < 1024) continue;
        const target = join(dir, fileName);
        jobs.push(writeFile(`${target}.gz`, gzipSync(buffer, { level: 9 })));
        jobs.push(
          writeFile(
            `${target}.br`,
            brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          ),
        );
      }
      await Promise.all(jobs);
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    // `source` first so that workspace packages (@console/shared) resolve to their TypeScript sources.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: true, ws: true },
    },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    reportCompressedSize: true,
    manifest: true,
    // Two pages: the desktop console and the mobile web app served at /m/ (issue #26), each with
    // its own entry so that neither bundle carries the other's code.
    rolldownOptions: {
      input: { main: 'index.html', mobile: 'm/index.html' },
    },
  },
});
