// How many generated cases a property test runs. `npm test` (the judge, and CI) runs each
// property's full count; `npm run test:unit`, the edit-test loop (SVC_TEST_UNIT=1), runs a quarter
// of it (at least 20): the same properties and generators, so a break still shows there on most
// runs, and always in `npm test` before anything lands (the inner loop under 15 s).
export function runs(full: number): number {
  return process.env.SVC_TEST_UNIT === '1' ? Math.max(20, Math.ceil(full / 4)) : full;
}
