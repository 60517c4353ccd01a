// `--config shop.yaml` for the shop verbs: validated whole first (FILE:LINE: message, exit 2,
// nothing sent), its channels' secrets resolved, its notices' outbox ready.
import { UsageError } from '../../api/errors.js';
import type { Channel } from '../../notify/channel.js';
import { Outbox, type OutboxOptions } from '../../notify/outbox.js';
import { warn } from '../../output/reporter.js';
import { t } from '../../i18n/index.js';
import { sanitizeInline } from '../../output/sanitize.js';
import { invalidInput } from '../shared/job-helpers.js';
import { loadShopConfig, type ShopConfig } from '../../shop/config.js';
import type { Deps } from '../shared/context.js';
import { openChannels } from '../notify/channels.js';
import type { Say } from '../../notify/notice.js';
import { sellerLanguage } from '../../shop/language.js';

/** The config, or the exit code (2) after every problem was printed as FILE:LINE: message. */
export async function loadConfig(deps: Deps, file: string): Promise<ShopConfig | number> {
  if (file === '-') throw new UsageError('--config must be a file: pool paths in it are relative to its folder');
  const r = await loadShopConfig(file);
  if (r.ok) return r.config;
  const shown = r.problems.slice(0, 50).map(sanitizeInline);
  const more = r.problems.length > 50 ? `\n… and ${r.problems.length - 50} more` : '';
  return invalidInput(deps, `${shown.join('\n')}${more}`, r.problems.length, file);
}

/**
 * The shop's outbox. A channel that cannot open (no secret, a refused one) never stops the shop:
 * it is a warning now and a receiver_trouble notice on the channels that did open.
 */
export async function openOutbox(
  deps: Deps,
  cfg: ShopConfig,
  o: OutboxOptions = {},
): Promise<{ outbox: Outbox; channels: Channel[]; say: Say }> {
  const { say } = await sellerLanguage(cfg.language, deps.env);
  const problems: string[] = [];
  const channels = await openChannels(deps, cfg.channels, cfg.file, {
    say,
    ...(cfg.bot ? { botChannel: cfg.bot.channel } : {}),
    onProblem: (p) => {
      problems.push(p);
      warn(deps.io, t('{problem}; the shop goes on without it', { problem: p }));
    },
  });
  const outbox = new Outbox(
    channels,
    {
      problem: (name, detail, willRetry) => {
        if (!willRetry || deps.globals.verbose) warn(deps.io, t('channel "{name}": {detail}', { name, detail }));
      },
    },
    undefined,
    undefined,
    o,
  );
  // A dry run sends nothing, not even this.
  if (!deps.globals.dryRun)
    for (const p of problems)
      outbox.send({
        kind: 'receiver_trouble',
        headline: 'A notice channel cannot send',
        fields: [['detail', sanitizeInline(p).slice(0, 300)]],
        at: new Date().toISOString(),
      });
  return { outbox, channels, say };
}
