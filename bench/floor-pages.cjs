// The floor of `products list --all -o json` (bench/list-all): every page of the list over one
// keep-alive connection with node:http, each page's items written out as JSON, nothing else.
'use strict';
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const base = process.env.SVC_BASE_URL;
let first = true;
function page(n) {
  const url = new URL(`/api/v2/products?page=${n}&limit=100`, base);
  http.get(url, { agent, headers: { 'x-api-key': process.env.SVC_API_KEY } }, (res) => {
    const parts = [];
    res.on('data', (d) => parts.push(d));
    res.on('end', () => {
      const body = JSON.parse(Buffer.concat(parts).toString('utf8'));
      for (const item of body.data) {
        process.stdout.write(`${first ? '[\n' : ',\n'}${JSON.stringify(item, null, 2)}`);
        first = false;
      }
      if (n < body.pagination.totalPages) page(n + 1);
      else {
        process.stdout.write(first ? '[]\n' : '\n]\n');
        agent.destroy();
      }
    });
  });
}
page(1);
