// svc notify test CHANNEL --config shop.yaml: send a sample sale notice to one
// channel and say whether the platform took it; `--dry-run` shows what would be sent.
import { t, tKeyed } from '../../i18n/index.js';
import { z } from 'zod';
import { EXIT, UsageError } from '../../api/errors.js';
import { sampleNotice } from '../../notify/notice.js';
import { Outbox } from '../../notify/outbox.js';
import { jsonText } from '../../output/sanitize.js';
import { success, warn } from '../../output/reporter.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, option, type OptsOf } from '../shared/verb.js';
import { loadConfig } from '../shop/load.js';
import { openChannels } from './channels.js';

const options = {
  config: option('--config <file>', 'the shop file (YAML) that defines the channel', z.string().min(1), {
    mandatory: true,
  }),
};

async function run(deps: Deps, o: OptsOf<typeof options>, args: string[]): Promise<number> {
  const cfg = await loadConfig(deps, o.config);
  if (typeof cfg === 'number') return cfg;
  const c = cfg.channels.find((x) => x.name === args[0]);
  if (!c)
    throw new UsageError(
      `no channel "${args[0]}" in ${o.config}`,
      `its channels: ${cfg.channels.map((x) => x.name).join(', ') || '(none)'}`,
    );
  const [channel] = await openChannels(deps, [{ ...c, events: 'all' }], o.config);
  const notice = sampleNotice(new Date().toISOString());
  const p = channel!.payload([notice]);
  if (deps.globals.dryRun) {
    const plan = { dryRun: true, channel: c.name, type: c.type, requests: 1, text: p.preview };
    const f = deps.format();
    deps.io.stdout.write(
      f === 'json' || f === 'jsonl'
        ? `${jsonText(plan)}\n`
        : f === 'table'
          ? `${t('dry run: nothing sent')}\n${t('would send to "{name}" ({type}):', { name: c.name, type: tKeyed('label', c.type) })}\n${p.preview}\n`
          : `channel\ttype\trequests\ttext\n${c.name}\t${c.type}\t1\t${p.preview.replace(/\s+/g, ' ')}\n`,
    );
    return 0;
  }
  const problems: string[] = [];
  const outbox = new Outbox([channel!], { problem: (_n, detail) => problems.push(detail) });
  outbox.send(notice);
  await outbox.drain(60_000);
  if (outbox.stats.sent[c.name] === 1) {
    success(deps.io, t('sample notice sent to "{name}" ({type})', { name: c.name, type: typeName(c.type) }));
    return 0;
  }
  for (const p of problems) warn(deps.io, `${c.name}: ${p}`);
  warn(deps.io, `the sample notice did not reach ${c.name}`);
  return EXIT.failed;
}

/** The channel's type as a seller reads it (`label:telegram`: Telegram), its own word in shop.yaml otherwise. */
function typeName(type: string): string {
  return tKeyed('label', type);
}

export const testVerb = defineVerb({
  name: 'test',
  description: 'send a sample sale notice to one channel',
  args: [['<channel>', 'the channel name in the shop file']],
  options,
  examples: ['svc notify test vendas --config shop.yaml', 'svc notify test equipe --config shop.yaml --dry-run'],
  run,
});

export const verbs = [testVerb];
