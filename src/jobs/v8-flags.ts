// V8 flags set during a run. V8 checks a code cache against a hash of its flags, so bin/svc.js is
// told first: it drops the caches this run still owes and caches what compiles after apart (a
// cache made after the change is rejected by a run without it).

/** `flag` set now; `tag` names the change in the names of the caches made after it. */
export function setV8Flag(flag: string, tag: string): void {
  (globalThis as { __svcBeforeV8Flags?: (tag: string) => void }).__svcBeforeV8Flags?.(tag);
  // node:v8 loaded here, when a flag is set: the read lane holds this module (--jq's worker) and
  // a read does not pay for it
  process.getBuiltinModule('node:v8').setFlagsFromString(flag);
}

/** V8's major version, which decides scavengeOnThisThread. */
const V8_MAJOR = Number(process.versions.v8.split('.')[0]);
let oneThread = false;

/**
 * For a read of one page (one request): its young generation (~1 MB) is scavenged once or twice. V8 14
 * (Node 26) splits even that with a second thread, and this thread waited ~3 ms more for the
 * other's part in about half the reads, where one thread takes ~1 ms (`--trace-gc-nvp`;
 * docs/DECISIONS.md "One thread scavenges a read"). V8 12 and 13 wait far less often, and there
 * loading node:v8 cost more than it saved, so the flag is left alone. A GC flag is not in the hash
 * V8 checks a code cache against, so bin/svc.js is not told (setV8Flag): no cache is dropped or
 * filed apart. Called once the streams are loaded, as the run's IO has done (node:v8 then costs
 * ~0.35 ms, not ~2).
 */
export function scavengeOnThisThread(): void {
  if (V8_MAJOR < 14) return;
  process.getBuiltinModule('node:v8').setFlagsFromString('--no-parallel-scavenge');
  oneThread = true;
}

/** Scavenges split as V8 does again: for a run that turned out long (jq's worker on a large input). */
export function scavengeAsV8Does(): void {
  if (!oneThread) return;
  process.getBuiltinModule('node:v8').setFlagsFromString('--parallel-scavenge');
  oneThread = false;
}
