/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  base: './',
  worker: { format: 'es' },
  test: {
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'], exclude: ['tests/**/*.browser.test.ts'] } },
      // Browser tests share one build of the site, made by the global setup only when one is selected.
      { extends: true, test: { name: 'browser', include: ['tests/**/*.browser.test.ts'], globalSetup: ['tests/browser/global-setup.ts'], testTimeout: 120_000, hookTimeout: 300_000 } },
    ],
  },
});
