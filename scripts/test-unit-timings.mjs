// A node --test reporter for scripts/test-unit.mjs: writes one JSON object at the end, each test
// file's time (the sum of its top-level tests and suites) and the counts of tests, so the runner
// can print one summary for all its processes, name the slowest files, and share the files out
// evenly between its processes on the next run.
export default async function* timings(source) {
  const out = { files: {}, tests: 0, failed: 0, skipped: 0 };
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { nesting, file, details, skip, todo } = event.data;
    if (details.type !== 'suite') {
      out.tests += 1;
      if (event.type === 'test:fail') out.failed += 1;
      else if (skip || todo) out.skipped += 1;
    }
    if (nesting !== 0 || !file) continue;
    out.files[file] ??= { ms: 0, failed: 0 };
    const f = out.files[file];
    f.ms += details.duration_ms;
    if (event.type === 'test:fail') f.failed += 1;
  }
  yield JSON.stringify(out);
}
