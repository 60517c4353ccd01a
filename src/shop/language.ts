// The seller's language for what the shop tells them (notices, the digest, the bot's replies):
// shop.yaml `language:`, else the environment's (SVC_LANG, LC_ALL, LC_MESSAGES, LANG), else
// pt-BR: svc's sellers are Brazilian, and under systemd or cron there is no LANG at all, so the
// terminal's English default would be the wrong guess there (docs/DECISIONS.md).
import { POCKET_SHOP } from '../api/assumptions.js';
import { envLanguage, type Lang, translatorFor } from '../i18n/index.js';
import { ptCatalogue } from '../i18n/load.js';
import { type Say, sayEnglish } from '../notify/notice.js';

export async function sellerLanguage(
  configured: Lang | undefined,
  env: NodeJS.ProcessEnv,
): Promise<{ lang: Lang; say: Say }> {
  const lang = configured ?? envLanguage(env) ?? POCKET_SHOP.defaultLanguage;
  if (lang === 'en') return { lang, say: sayEnglish };
  return { lang, say: translatorFor(lang, await ptCatalogue()) };
}
