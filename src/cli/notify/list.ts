// svc notify list --config shop.yaml: the channels, their events and where each secret is
// found (an environment variable, the keyring, the file, or missing), never the secret.
import { z } from 'zod';
import { NotifySecrets } from '../../notify/secrets.js';
import { printRecords } from '../../ui/print.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, option, type OptsOf } from '../shared/verb.js';
import { loadConfig } from '../shop/load.js';

const options = {
  config: option('--config <file>', 'the shop file (YAML)', z.string().min(1), { mandatory: true }),
};

async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  const cfg = await loadConfig(deps, o.config);
  if (typeof cfg === 'number') return cfg;
  const store = new NotifySecrets(deps.env);
  const rows = cfg.channels.map((c) => ({
    name: c.name,
    type: c.type,
    events: c.events === 'all' ? 'all' : [...c.events].join(','),
    secret:
      c.secretEnv && deps.env[c.secretEnv]?.trim()
        ? `env ${c.secretEnv}`
        : (store.where(c.name) ??
          (c.url ? 'url in the file' : c.secretEnv ? `missing (set ${c.secretEnv})` : 'missing')),
  }));
  await printRecords(deps.io, rows, {
    format: deps.format(),
    empty: 'no channels in the config',
    columns: [
      { header: 'name', value: 'name' },
      { header: 'type', value: 'type' },
      { header: 'events', value: 'events' },
      { header: 'secret', value: 'secret' },
    ],
  });
  return 0;
}

export const listVerb = defineVerb({
  name: 'list',
  description: 'the channels of a shop file, their events and where each secret is found',
  options,
  examples: ['svc notify list --config shop.yaml'],
  run,
});

export const verbs = [listVerb];
