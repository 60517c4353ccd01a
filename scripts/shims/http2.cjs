// undici's HTTP/1 client module requires its HTTP/2 one, which requires node:http2 (and with
// it tls) at load only to read ten constants. svc never turns HTTP/2 on (allowH2: false, set
// explicitly since undici 8 turns it on by default), so node:http2 is loaded on use instead
// (bench/startup). The constants are protocol values;
// scripts/build.mjs checks them against this Node's own before it bundles.
'use strict';
module.exports = {
  constants: {
    HTTP2_HEADER_AUTHORITY: ':authority',
    HTTP2_HEADER_METHOD: ':method',
    HTTP2_HEADER_PATH: ':path',
    HTTP2_HEADER_SCHEME: ':scheme',
    HTTP2_HEADER_CONTENT_LENGTH: 'content-length',
    HTTP2_HEADER_EXPECT: 'expect',
    HTTP2_HEADER_STATUS: ':status',
    HTTP2_HEADER_PROTOCOL: ':protocol',
    NGHTTP2_REFUSED_STREAM: 7,
    NGHTTP2_CANCEL: 8,
  },
  connect: (...args) => require('node:http2').connect(...args),
};
