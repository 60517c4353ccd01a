// Texts the end-to-end suite's marked run (SVC_LANG_MARKS, src/i18n/marks.ts) found outside the
// catalogue: each is said in Portuguese here.
export const MESSAGES_COVERAGE: Record<string, string> = {
  // commander's own headings and notes in --help (src/cli/shared/help-language.ts)
  'Usage: ': 'Uso: ',
  'Options:': 'Opções:',
  'Global Options:': 'Opções globais:',
  'Commands:': 'Comandos:',
  'Arguments:': 'Argumentos:',
  '(default:': '(padrão:',
  '(choices:': '(opções:',
};
