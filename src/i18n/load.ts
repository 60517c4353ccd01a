// Sets the run's language before the command runs (src/main.ts). English loads nothing; pt-BR
// reads its catalogue when the first text is asked for (a --json read asks for none): in the
// built CLI from dist/pt-BR.json (written by scripts/build.mjs, so the English start-up never
// parses it), from source in tests.
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
  else setLanguage(lang, await ptCatalogueOnUse());
  return lang;
}

/**
 * The pt-BR catalogue as a reader called on the first text (src/i18n/index.ts). A catalogue that
 * cannot be read then (a broken install) leaves the run in English rather than failing the
 * message it was asked for.
 */
async function ptCatalogueOnUse(): Promise<() => Catalogue> {
  if (typeof __SVC_PT_BR_JSON__ !== 'string') {
    const catalogue = await ptCatalogue();
    return () => catalogue;
  }
  return () => {
    try {
      return builtCatalogue(__SVC_PT_BR_JSON__);
    } catch {
      return {};
    }
  };
}

/** The pt-BR catalogue (the shop's notices load it when the seller's language is pt-BR). */
export async function ptCatalogue(): Promise<Catalogue> {
  if (typeof __SVC_PT_BR_JSON__ === 'string') return builtCatalogue(__SVC_PT_BR_JSON__);
  return (await import('./pt-BR/index.js')).PT_BR;
}

let parsed: Catalogue | undefined;

/**
 * dist/pt-BR.json, parsed once a process: the run's language and the shop's notices share it.
 * From bin/svc.js's dist/: this code may sit in a chunk under dist/chunks.
 */
function builtCatalogue(name: string): Catalogue {
  if (parsed) return parsed;
  const dist = (globalThis as { __svcDist?: string }).__svcDist ?? __dirname;
  const file = process.getBuiltinModule('node:path').join(dist, name);
  parsed = JSON.parse(process.getBuiltinModule('node:fs').readFileSync(file, 'utf8')) as Catalogue;
  return parsed;
}
