// one catalogue, both languages. Every entry has a Portuguese text with the same
// placeholders; every hint of the service's codes is translated; no command's --help (the
// texts scripts/build.mjs writes to dist/help.pt-BR.json, made here from the sources by the same
// helpTexts, so the check needs no build) shows a line left in English; English is untouched.
import assert from 'node:assert/strict';
import { afterEach, before, describe, test } from 'node:test';
import { allHints } from '../../src/api/hints.js';
import { detectLanguage, localDecimal, placeholders, setLanguage, t } from '../../src/i18n/index.js';
import { PT_BR } from '../../src/i18n/pt-BR/index.js';
import { helpTexts } from '../../src/main.js';

describe('the catalogue', () => {
  // The language is process state: put English back after each test, so that a file sharing
  // the process (npm run test:unit runs every file in one) never sees pt-BR.
  afterEach(() => setLanguage('en'));

  test('every entry has a Portuguese text with the same placeholders', () => {
    const bad = Object.entries(PT_BR).filter(
      ([en, pt]) => pt.trim() === '' || placeholders(en).join() !== placeholders(pt).join(),
    );
    assert.deepEqual(bad, []);
  });

  test('every hint of the service codes exists in both languages', () => {
    setLanguage('pt-BR', PT_BR);
    const missing = allHints().filter((h) => t(h) === h);
    setLanguage('en');
    assert.deepEqual(missing, []);
  });

  test('English is the text itself; pt-BR fills placeholders and translates line by line', () => {
    setLanguage('en');
    assert.equal(t('no profile named "{name}"', { name: 'x' }), 'no profile named "x"');
    setLanguage('pt-BR', PT_BR);
    assert.equal(t('no profile named "shop"'), 'nenhum perfil chamado "shop"');
    assert.equal(
      t('a.csv:2: id "x" is not a positive whole number\n2 problems in a.csv; nothing was sent'),
      'a.csv:2: id "x" não é um número inteiro positivo\n2 problemas em a.csv; nada foi enviado',
    );
    assert.equal(t('a text nobody translated'), 'a text nobody translated');
    assert.equal(localDecimal('1234.50'), '1.234,50');
    assert.equal(localDecimal('-19.90'), '-19,90');
    setLanguage('en');
    assert.equal(localDecimal('1234.50'), '1234.50');
  });

  test('the language comes from SVC_LANG, then LC_ALL, LC_MESSAGES, LANG', () => {
    const cases: [NodeJS.ProcessEnv, string][] = [
      [{}, 'en'],
      [{ LANG: 'pt_BR.UTF-8' }, 'pt-BR'],
      [{ LANG: 'pt_PT' }, 'pt-BR'],
      [{ LANG: 'C.UTF-8' }, 'en'],
      [{ LANG: 'pt_BR.UTF-8', LC_ALL: 'en_US.UTF-8' }, 'en'],
      [{ LANG: 'en_US', LC_MESSAGES: 'pt_BR' }, 'pt-BR'],
      [{ LC_ALL: 'pt_BR.UTF-8', SVC_LANG: 'en' }, 'en'],
      [{ SVC_LANG: 'pt-BR' }, 'pt-BR'],
      [{ LANG: 'portuguese' }, 'en'],
    ];
    for (const [env, want] of cases) assert.equal(detectLanguage(env), want, JSON.stringify(env));
  });
});

describe('--help in pt-BR (helpTexts, what scripts/build.mjs writes to dist/help.pt-BR.json)', () => {
  let en: { texts: Record<string, string> };
  let pt: { texts: Record<string, string> };
  before(async () => {
    try {
      pt = await helpTexts('pt-BR');
      en = await helpTexts('en');
    } finally {
      setLanguage('en');
    }
  });

  test('both languages have the same commands', () => {
    assert.deepEqual(Object.keys(pt.texts).sort(), Object.keys(en.texts).sort());
  });

  test('no command shows a line of English prose', () => {
    const left: string[] = [];
    for (const [path, text] of Object.entries(pt.texts)) {
      const english = new Set(en.texts[path]!.split('\n'));
      for (const line of text.split('\n')) {
        if (!english.has(line) || !isProse(line)) continue;
        left.push(`svc ${path}: ${line.trim()}`);
      }
    }
    assert.deepEqual(left, [], 'add these to src/i18n/pt-BR/help*.ts (the file of their noun)');
  });
});

/**
 * A help line that says something in words: not blank, not an example command, not a usage or
 * a bare flag/choices line. What is left after flags, `code`, quoted values and names is prose
 * when it still has a run of two words of letters.
 */
function isProse(line: string): boolean {
  if (/^\s*\$ /.test(line) || /^(Uso|Usage):/.test(line)) return false;
  const rest = line
    .replace(/`[^`]*`/g, ' ')
    .replace(/"[^"]*"/g, ' ')
    .replace(/(^|\s)-{1,2}[a-z][\w-]*(\s+<[^>]+>|\s+\[[^\]]+\])?,?/gi, ' ')
    .replace(/<[^>]+>|\[[^\]]+\]/g, ' ')
    .replace(/[\w-]+(\|[\w-]+)+/g, ' ') // choices: approve|reject|take-down
    .replace(/\b[\w-]+\.(csv|json|txt|jsonl)\b/g, ' ');
  return /\b[a-z]{3,}\s+[a-z]{2,}\b/i.test(rest);
}
