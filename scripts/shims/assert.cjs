// undici requires node:assert in 33 modules and only calls `assert(value)` on invariants; loading
// node:assert costs a read eight of Node's internal modules (its error formatting, diffing and
// call tracker). This assert loads the real one only when an invariant fails, so the failure
// reads as before. scripts/shims/index.mjs checks that undici uses no member of assert.
'use strict';
module.exports = function assert(value, message) {
  if (!value) require('node:assert')(value, message);
};
