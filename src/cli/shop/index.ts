// svc shop: the shop runs itself: refill, listings on and off, notices, from shop.yaml.
import { defineNoun } from '../shared/verbs.js';

export const registerShop = defineNoun(
  'shop',
  'run the shop from one config: refill to target, listings on/off, alerts and chat notices',
  ['svc shop sync --config shop.yaml --dry-run', 'svc shop run --config shop.yaml --port 8787'],
  {
    sync: () => import('./sync.js'),
    run: () => import('./run.js'),
  },
);
