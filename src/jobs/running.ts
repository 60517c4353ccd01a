/**
 * Jobs running in this process. A closed stdout (EPIPE) stops a running job cleanly at a chunk
 * boundary but simply ends a read (src/main.ts). A module of its own so main.ts can ask without
 * loading the job engine into every start.
 */
export const runningJobs = { count: 0 };
