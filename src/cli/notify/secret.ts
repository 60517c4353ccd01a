// svc notify set-secret CHANNEL --type T / svc notify remove CHANNEL: a channel's
// secret (Telegram bot token, Discord webhook URL, JSON webhook URL) read from stdin or a hidden
// prompt, never from the command line, checked for its shape, stored in the OS keyring or the
// 0600 file, and never printed back.
import { UsageError } from '../../api/errors.js';
import { secretProblem } from '../../notify/channel.js';
import { NotifySecrets } from '../../notify/secrets.js';
import { success } from '../../output/reporter.js';
import { readSecret } from '../auth/secret-input.js';
import type { Deps } from '../shared/context.js';
import { choice, defineVerb, type OptsOf } from '../shared/verb.js';

const NAME = /^[A-Za-z0-9._-]{1,64}$/;
const WHAT = {
  telegram: 'bot token',
  discord: 'webhook URL',
  webhook: 'webhook URL',
  whatsapp: 'Evolution API key',
} as const;

const options = {
  type: choice('--type <type>', 'the channel type: telegram, discord, webhook or whatsapp', [
    'telegram',
    'discord',
    'webhook',
    'whatsapp',
  ] as const),
};

function channelName(arg: string | undefined): string {
  if (!arg || !NAME.test(arg)) throw new UsageError(`"${arg ?? ''}" is not a channel name (1-64 of A-Z a-z 0-9 . _ -)`);
  return arg;
}

async function setSecret(deps: Deps, o: OptsOf<typeof options>, args: string[]): Promise<number> {
  const name = channelName(args[0]);
  if (!o.type) throw new UsageError('--type is required: telegram, discord, webhook or whatsapp');
  const secret = await readSecret(deps.io, `${WHAT[o.type]} for channel "${name}" (input hidden): `, deps.signal);
  const bad = secretProblem(o.type, secret);
  if (bad) throw new UsageError(`that is not a ${o.type} ${WHAT[o.type]}: ${bad}`); // the secret itself is never echoed
  const where = await new NotifySecrets(deps.env).write(name, secret);
  success(
    deps.io,
    `${WHAT[o.type]} of channel "${name}" stored in ${where === 'keyring' ? 'the OS keyring' : 'the config folder (0600)'}`,
  );
  return 0;
}

async function remove(deps: Deps, _o: unknown, args: string[]): Promise<number> {
  const name = channelName(args[0]);
  const had = await new NotifySecrets(deps.env).remove(name);
  if (!had) throw new UsageError(`no secret stored for channel "${name}"`);
  success(deps.io, `secret of channel "${name}" removed`);
  return 0;
}

export const setSecretVerb = defineVerb({
  name: 'set-secret',
  description: "store a channel's secret (read from stdin or a hidden prompt, never an argument)",
  args: [['<channel>', 'the channel name used in shop.yaml']],
  options,
  examples: [
    'svc notify set-secret equipe --type discord      # asks for the webhook URL, hidden',
    'printf %s "$TG_TOKEN" | svc notify set-secret vendas --type telegram',
  ],
  run: setSecret,
});

export const removeVerb = defineVerb({
  name: 'remove',
  description: "forget a channel's stored secret",
  args: [['<channel>', 'the channel name']],
  examples: ['svc notify remove vendas'],
  run: remove,
});

export const verbs = [setSecretVerb, removeVerb];
