// Starts a TypeScript worker in tests (the app runs the compiled dist/main/lookup-worker.js).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
