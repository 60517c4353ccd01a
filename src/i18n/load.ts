// Sets the run's language before the command runs (src/main.ts). English loads nothing; pt-BR
// loads its catalogue (a separate module of the bundle, evaluated only then).
import { detectLanguage, type Lang, setLanguage } from './index.js';

export async function initLanguage(env: NodeJS.ProcessEnv): Promise<Lang> {
  const lang = detectLanguage(env);
  if (lang === 'en') setLanguage('en');
  else setLanguage(lang, (await import('./pt-BR/index.js')).PT_BR);
  return lang;
}
