// npm run bench [name...]: every benchmark (or the named ones). Not part of CI's pass/fail;
// the figures go to docs/PERFORMANCE.md.
import { benchBulkPrice } from './bulk-price.js';
import { benchKillResume } from './kill-resume.js';
import { benchOrdersMirror } from './orders-mirror.js';
import { benchSandboxPersist } from './sandbox-persist.js';
import { benchSea } from './sea.js';
import { benchStartup } from './startup.js';
import { benchStockMemory } from './stock-memory.js';
import { benchValidate } from './validate.js';
import { benchValidateRatios } from './validate-ratios.js';
import { benchListAll } from './list-all.js';
import { benchInkTable } from './ink-table.js';
import { benchWebhooks } from './webhooks.js';
import { benchShopQuota } from './shop-quota.js';
import { benchShopDay } from './shop-day.js';
import { benchCatalogue } from './catalogue.js';

const all: Record<string, () => Promise<unknown>> = {
  startup: benchStartup,
  'bulk-price': benchBulkPrice,
  'stock-memory': benchStockMemory,
  'kill-resume': benchKillResume,
  webhooks: benchWebhooks,
  validate: benchValidate,
  'validate-ratios': () => benchValidateRatios(),
  'list-all': () => benchListAll(),
  'orders-mirror': benchOrdersMirror,
  'ink-table': () => benchInkTable(),
  'sandbox-persist': benchSandboxPersist,
  sea: benchSea,
  'shop-quota': benchShopQuota,
  'shop-day': benchShopDay,
  catalogue: benchCatalogue,
};
const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(all);
for (const name of names) {
  const fn = all[name];
  if (!fn) {
    console.error(`unknown bench ${name}; one of ${Object.keys(all).join(', ')}`);
    process.exit(2);
  }
  console.log(`\n## ${name}`);
  await fn();
}
