#!/usr/bin/env node
// The CLI is TypeScript; tsx compiles it on the fly so `npx houserules` works right after `npm ci`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
