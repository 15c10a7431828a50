import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  // globalSetup runs in Vitest's own environment: without this it needs packages/shared built.
  environments: { __vitest__: { resolve: { conditions: ['source'] } } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Test files share a worker's loaded modules: each starts its own server and database, and no
    // test mocks a module, so nothing leaks from one file to the next; it halves the suite's time.
    isolate: false,
    maxWorkers: 2,
  },
});
