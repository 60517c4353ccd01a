// The floor of a read (bench/startup): Node's own HTTP client fetching the same page as
// `svc products list --json` and printing it, with nothing else loaded.
'use strict';
const http = require('node:http');
const url = new URL('/api/v2/products', process.env.SVC_BASE_URL);
http.get(url, { headers: { 'x-api-key': process.env.SVC_API_KEY } }, (res) => {
  const parts = [];
  res.on('data', (d) => parts.push(d));
  res.on('end', () => process.stdout.write(Buffer.concat(parts)));
});
