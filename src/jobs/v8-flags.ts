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
