// Worker threads start without the main thread's TypeScript loader: register it here too.
import { register } from 'tsx/esm/api';

register();
await import('../src/server/engineWorker.ts');
