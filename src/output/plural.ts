// "1 request", "2 requests": counts in messages read right, in the run's language:
// the catalogue has `{n} request` and `{n} requests` (src/i18n/pt-BR/messages-plans.ts).
import { t } from '../i18n/index.js';

export function count(n: number, one: string, many = `${one}s`): string {
  return t(`{n} ${n === 1 ? one : many}`, { n });
}
