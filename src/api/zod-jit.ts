// zod compiles a fast path for each object schema on its first parse (`new Function`, JIT):
// quicker per object after, but the compile is paid on every start (eval'd code is not in the
// code cache) and a read parses each schema a handful of times: its options once, its config
// once, an answer's few items. So a run parses with zod's interpreted path until a schema has
// been parsed JIT_AFTER times, and with the compiled one after (a `--all` of 50,000 listings).
// Both paths give the same result and issues (docs/PERFORMANCE.md, reads).

const JIT_AFTER = 64;
const parses = new WeakMap<object, number>();

/** zod's parse options for one more parse of `schema` in this run. */
export function jitOptions(schema: object): { jitless: boolean } {
  const n = (parses.get(schema) ?? 0) + 1;
  parses.set(schema, n);
  return { jitless: n <= JIT_AFTER };
}
