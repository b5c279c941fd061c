// The wizard tells the progress badge that a background import started (a 202), so that the badge shows at
// once, before the first live event arrives. A window event keeps the two components independent.
import type { JobSummary } from './importApi.ts';

const STARTED = 'biometrics:import-started';

export function announceImport(job: JobSummary) {
  window.dispatchEvent(new CustomEvent<JobSummary>(STARTED, { detail: job }));
}

/** Calls back with each job the wizard started; answers the unsubscribe function (for a useEffect). */
export function onImportStarted(callback: (job: JobSummary) => void): () => void {
  const listener = (event: Event) => callback((event as CustomEvent<JobSummary>).detail);
  window.addEventListener(STARTED, listener);
  return () => window.removeEventListener(STARTED, listener);
}
