// conf imports ajv, ajv-formats and semver at load, for its `schema`, `ajvOptions`, `rootSchema`
// and `migrations` options. svc uses none of them (profiles are checked with zod in
// src/config/profiles.ts), and loading them cost ~8 ms of every run that reads a profile
// (bench/startup). Should a change ever pass one of those options, this fails loudly.
'use strict';
function unused() {
  throw new Error(
    "svc's bundle leaves out conf's schema and migration support (ajv, semver): see scripts/shims/index.mjs",
  );
}
module.exports = {
  Ajv2020: unused,
  default: unused,
  eq: unused,
  clean: unused,
  satisfies: unused,
  lte: unused,
  gt: unused,
  // conf 16: range migrations (every use is inside #runMigrations / #migrate, behind `migrations`)
  Range: unused,
  minVersion: unused,
  valid: unused,
  compare: unused,
};
