// `npm start` (and the Docker image): Node's memory settings first (runtime.ts), then the server (start.ts).
import { applyRuntimeSettings } from './runtime.ts';

applyRuntimeSettings();
await import('./start.ts');
