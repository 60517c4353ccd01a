// The worker thread that runs jq-wasm for --jq (jq.ts), as source text for `new Worker(…, {eval:
// true})`: no file of its own to find in dist/. jq-wasm's runtime reads its input a byte at a time
// by copying the rest of the input (`slice(1)`) and grows its output by one byte with a copy of
// all of it: quadratic in the size (4,005 rows took 123 s). The worker loads that runtime from its
// text patched: the input written once as a file of its in-memory file system (jq reads it in
// blocks, not a JavaScript call per byte; stdin by position should anything read it), the output
// into a buffer that doubles, cut at `maxOutput` bytes (the parent is told and stops the worker).
// If a patch does not apply (another jq-wasm), the runtime runs as it is: slow, still stoppable.
/**
 * jq-wasm's runtime read and patched: statements of a function of (require, workerData) that
 * leave `src` (the runtime's JavaScript), `wasmBinary` and `patched` (whether every patch applied).
 */
const PREPARE = String.raw`
const { readFileSync } = require('node:fs');
const { dirname } = require('node:path');
const { jqPath, maxOutput } = workerData;
let src = readFileSync(jqPath, 'latin1');
// the WebAssembly, a 1.2 MB base64 string in the runtime: cut out and handed over as bytes
// (wasmBinary), so that V8 parses ~120 KB of JavaScript, not 1.3 MB
const wasmAt = 'function findWasmBinary() { var f = "data:application/octet-stream;base64,';
const at = src.indexOf(wasmAt);
const end = at < 0 ? -1 : src.indexOf('"', at + wasmAt.length);
let wasmBinary;
if (end > 0) {
  wasmBinary = Buffer.from(src.slice(at + wasmAt.length, end), 'base64');
  src = src.slice(0, at) + wasmAt + src.slice(end);
}
const patches = [
  // the runtime's own sync entry, for a run in the calling thread (jq-inline.ts)
  [/function rawImpl\(jsonString, query, flags\) \{/, '__rawHolder.fn = rawImpl; function rawImpl(jsonString, query, flags) {'],
  // jq's exit status set as the process's (the calling thread's exit code) and runtime notes on
  // its stderr: neither is svc's; jq's own messages come through its stderr buffer
  [/quit_ = \(status, toThrow\) => \{ process\.exitCode = status; throw toThrow; \};/, 'quit_ = (status, toThrow) => { throw toThrow; };'],
  [/\} console\.error\(message\); \}, preRun\(\)/, '} }, preRun()'],
  [/stdinBuffer = toByteArray\(stdinString\);/, 'stdinBuffer = toByteArray(stdinString); __in = 0; __outLen = 0;'],
  [
    /if \(stdinBuffer\.length > 0\) \{\s*const byte = stdinBuffer\[0\];\s*stdinBuffer = stdinBuffer\.slice\(1\);\s*return byte;\s*\} return null;/,
    'return __in < stdinBuffer.length ? stdinBuffer[__in++] : null;',
  ],
  [
    /const tmp = new Uint8Array\(stdoutBuffer\.length \+ 1\);\s*tmp\.set\(stdoutBuffer, 0\);\s*tmp\[tmp\.length - 1\] = charCode;\s*stdoutBuffer = tmp;/,
    '__put(charCode);',
  ],
  [
    /Module\.callMain\(\[\.\.\.flags, query, "\/dev\/stdin"\]\);/,
    'FS.writeFile("/svc-input.json", stdinBuffer); stdinBuffer = new Uint8Array(0); ' +
      'try { Module.callMain([...flags, query, "/svc-input.json"]); } finally { FS.unlink("/svc-input.json"); } ' +
      'stdoutBuffer = __out.subarray(0, __outLen);',
  ],
];
const patched = patches.every(([re]) => re.test(src));
if (patched) {
  for (const [re, to] of patches) src = src.replace(re, () => to);
  src =
    'let __in = 0, __out = new Uint8Array(65536), __outLen = 0, __over = false;\n' +
    'function __put(c) {\n' +
    '  if (__over) return;\n' +
    '  if (__outLen >= maxOutput) { __over = true; parentPort.postMessage({ kind: "too-large" }); return; }\n' +
    '  if (__outLen === __out.length) { const b = new Uint8Array(__out.length * 2); b.set(__out); __out = b; }\n' +
    '  __out[__outLen++] = c;\n' +
    '}\n' +
    src;
}
`;

/** The parameters the patched runtime is evaluated with (a CommonJS module's, and what the patches use). */
export const JQ_RUNTIME_PARAMS = [
  'require',
  'module',
  'exports',
  '__filename',
  '__dirname',
  'maxOutput',
  'parentPort',
  '__rawHolder',
] as const;

/**
 * The body of a function of (require, workerData) returning `{ src, wasmBinary, patched }`: the
 * runtime prepared, not evaluated (jq-inline.ts keeps it, compiled, in svc's cache folder).
 */
export const JQ_PREPARE = `${PREPARE}return { src, wasmBinary, patched };`;

/**
 * jq-wasm's runtime read, patched and evaluated: the body of a function of (require, workerData,
 * parentPort) that returns `{ factory, wasmBinary, rawSync }`. Run in the worker (JQ_WORKER).
 * `rawSync()` is the runtime's synchronous entry once the factory has resolved, undefined when
 * the patches did not apply.
 */
const JQ_LOAD = `${PREPARE}
const mod = { exports: {} };
const __rawHolder = {};
new Function(${JQ_RUNTIME_PARAMS.map((p) => `'${p}'`).join(', ')}, src)(
  require, mod, mod.exports, jqPath, dirname(jqPath), maxOutput, parentPort, __rawHolder,
);
return { factory: mod.exports.default || mod.exports, wasmBinary, rawSync: () => __rawHolder.fn };
`;

export const JQ_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { expr, flags } = workerData;
const { factory, wasmBinary } = new Function('require', 'workerData', 'parentPort', ${JSON.stringify(JQ_LOAD)})(
  require, workerData, parentPort,
);
// The input comes when the command has printed it (jq.ts startJq): jq-wasm compiles meanwhile.
const input = new Promise((resolve) => parentPort.once('message', (m) => resolve(m.input)));
Promise.all([factory(wasmBinary ? { wasmBinary } : {}), input])
  .then(([m, text]) => m.raw(text, expr, flags))
  .then(
    (out) => parentPort.postMessage({ kind: 'ok', out }),
    (err) => parentPort.postMessage({ kind: 'error', message: String((err && err.message) || err) }),
  );
`;
