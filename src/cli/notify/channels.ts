// The configured channels, their secrets resolved: the environment variable the config
// names (CI), else the secret stored with `svc notify set-secret` (keyring or the 0600 file).
// A channel with no secret, or a secret of the wrong shape, is named by channel, never showing
// the secret. For `notify test` that is a config problem (exit 2); for the shop's own verbs a
// channel never stops the shop: the problem is handed to `onProblem` (a warning and an alert)
// and the other channels and the refills go on.
import { UsageError } from '../../api/errors.js';
import { makeChannel, secretProblem, type Channel } from '../../notify/channel.js';
import type { Say } from '../../notify/notice.js';
import { NotifySecrets } from '../../notify/secrets.js';
import type { ShopChannel } from '../../shop/config.js';
import type { Deps } from '../shared/context.js';

export interface OpenOptions {
  /** The seller's language for the channels' texts. */
  say?: Say;
  /** The channel whose bot takes commands (shop.yaml telegram.channel): its notices carry buttons. */
  botChannel?: string;
  /** Given: a channel that cannot open is reported here and left out, instead of exit 2. */
  onProblem?: (problem: string) => void;
}

export async function openChannels(
  deps: Deps,
  configured: ShopChannel[],
  file: string,
  o: OpenOptions = {},
): Promise<Channel[]> {
  const store = new NotifySecrets(deps.env);
  const problems: string[] = [];
  const channels: Channel[] = [];
  for (const c of configured) {
    const fromEnv = c.secretEnv ? deps.env[c.secretEnv]?.trim() || undefined : undefined;
    // A webhook whose plain URL is in the file needs no stored secret (its headers may hold one).
    const secret = fromEnv ?? (await store.read(c.name)) ?? c.url;
    if (!secret) {
      problems.push(
        `${file}: channel "${c.name}" has no secret: run \`svc notify set-secret ${c.name} --type ${c.type}\`${c.secretEnv ? ` or set ${c.secretEnv}` : ''}`,
      );
      continue;
    }
    const bad = secretProblem(c.type, secret);
    if (bad) {
      problems.push(
        `${file}: channel "${c.name}": the ${fromEnv ? `secret in ${c.secretEnv}` : 'stored secret'} is not right: ${bad}`,
      );
      continue;
    }
    const headers = headerValues(deps.env, c, file, problems);
    if (!headers) continue;
    const buttons = c.type === 'telegram' && c.name === o.botChannel;
    channels.push(makeChannel({ ...c, ...(o.say ? { say: o.say } : {}), headers, buttons }, secret, deps.env));
  }
  if (problems.length > 0 && !o.onProblem) throw new UsageError(problems.join('\n'));
  for (const p of problems) o.onProblem?.(p);
  return channels;
}

/** A webhook's headers, each value read from the env variable the file names; undefined when one is missing. */
function headerValues(
  env: NodeJS.ProcessEnv,
  c: ShopChannel,
  file: string,
  problems: string[],
): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [name, variable] of Object.entries(c.headers ?? {})) {
    const v = env[variable]?.trim();
    if (!v) {
      problems.push(`${file}: channel "${c.name}": header ${name} needs ${variable} set`);
      return undefined;
    }
    out[name] = v;
  }
  return out;
}
