// conf requires node:crypto at load for its encryptionKey option, which svc does not use
// (keys go to the OS keyring or a 0600 file, src/config/key-store.ts). Loaded on first use.
'use strict';
module.exports = new Proxy({}, { get: (_, name) => require('node:crypto')[name] });
