// Sets the run's language before the command runs (src/main.ts). English loads nothing; pt-BR
// loads its catalogue: in the built CLI from dist/pt-BR.json (written by scripts/build.mjs, so
// the English start-up never parses it), from source in tests.
import { pseudoCatalogue } from './pseudo.js';
import { detectLanguage, type Catalogue, type Lang, setLanguage } from './index.js';
import { markedCatalogue, marksAsked } from './marks.js';

// The build sets this to the catalogue's file name next to the bundle.
declare const __SVC_PT_BR_JSON__: string | undefined;

export async function initLanguage(env: NodeJS.ProcessEnv): Promise<Lang> {
  const lang = detectLanguage(env);
  if (marksAsked(env)) setLanguage(lang, markedCatalogue(await ptCatalogue(), lang), true);
  else if (lang === 'en') setLanguage('en');
  else if (lang === 'pseudo') setLanguage(lang, pseudoCatalogue(await ptCatalogue()));
  else setLanguage(lang, await ptCatalogue());
  return lang;
}

/** The pt-BR catalogue (the shop's notices load it when the seller's language is pt-BR). */
export async function ptCatalogue(): Promise<Catalogue> {
  if (typeof __SVC_PT_BR_JSON__ === 'string') {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    // dist/, from bin/svc.js: this code may sit in a chunk under dist/chunks.
    const dist = (globalThis as { __svcDist?: string }).__svcDist ?? __dirname;
    return JSON.parse(readFileSync(join(dist, __SVC_PT_BR_JSON__), 'utf8')) as Catalogue;
  }
  return (await import('./pt-BR/index.js')).PT_BR;
}
