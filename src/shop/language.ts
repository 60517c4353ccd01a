// The seller's language for what the shop tells them (notices, the digest, the bot's replies):
// shop.yaml `language:`, else the environment's (SVC_LANG, LC_ALL, LC_MESSAGES, LANG), else
// pt-BR: svc's sellers are Brazilian, and under systemd or cron there is no LANG at all, so the
// terminal's English default would be the wrong guess there (docs/DECISIONS.md).
import { POCKET_SHOP } from '../api/assumptions.js';
import { envLanguage, type Lang, translatorFor } from '../i18n/index.js';
import { ptCatalogue } from '../i18n/load.js';
import { pseudoCatalogue } from '../i18n/pseudo.js';
import { markedCatalogue, marksAsked } from '../i18n/marks.js';
import { type Say, sayEnglish } from '../notify/notice.js';

export async function sellerLanguage(
  configured: Lang | undefined,
  env: NodeJS.ProcessEnv,
): Promise<{ lang: Lang; say: Say }> {
  const lang = configured ?? envLanguage(env) ?? POCKET_SHOP.defaultLanguage;
  // SVC_LANG_MARKS=1 (src/i18n/marks.ts): the notices are marked in their own language
  if (marksAsked(env)) return { lang, say: translatorFor(lang, markedCatalogue(await ptCatalogue(), lang), true) };
  if (lang === 'en') return { lang, say: sayEnglish };
  // SVC_LANG=pseudo (src/i18n/pseudo.ts): the coverage check reaches the notices too
  const pt = await ptCatalogue();
  return { lang, say: translatorFor(lang, lang === 'pseudo' ? pseudoCatalogue(pt) : pt) };
}
