// undici 8 carries a second, experimental HTTP/1 parser (Milo: parser-h1.js and ~165 KB of
// WebAssembly as base64) beside llhttp, used only when a client passes `useMilo` or the
// environment sets UNDICI_USE_MILO. svc does neither, so the bundle keeps llhttp alone, as
// undici's own build for Node core does (its `esbuildDetection` branch): Milo is never enabled
// here, whatever the environment says. scripts/shims/index.mjs checks client-h1.js still reaches
// Milo only through these two names, and that src/ never passes useMilo.
'use strict';
module.exports = { H1Parser: undefined, getMiloEnabled: () => false };
