// The configured channels, their secrets resolved (issue 24): the environment variable the config
// names (CI), else the secret stored with `svc notify set-secret` (keyring or the 0600 file).
// A channel with no secret, or a secret of the wrong shape, is a config problem found before
// anything is sent (exit 2), named by channel, never showing the secret.
import { UsageError } from '../../api/errors.js';
import { makeChannel, secretProblem, type Channel } from '../../notify/channel.js';
import { NotifySecrets } from '../../notify/secrets.js';
import type { ShopChannel } from '../../shop/config.js';
import type { Deps } from '../shared/context.js';

export async function openChannels(deps: Deps, configured: ShopChannel[], file: string): Promise<Channel[]> {
  const store = new NotifySecrets(deps.env);
  const problems: string[] = [];
  const channels: Channel[] = [];
  for (const c of configured) {
    const fromEnv = c.secretEnv ? deps.env[c.secretEnv]?.trim() || undefined : undefined;
    const secret = fromEnv ?? (await store.read(c.name));
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
    channels.push(makeChannel(c, secret, deps.env));
  }
  if (problems.length > 0) throw new UsageError(problems.join('\n'));
  return channels;
}
