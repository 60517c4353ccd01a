// The command reference (docs/commands/) and the man page (docs/commands/svc.1), made from the
// same help texts `svc --help` prints (dist/help.json and dist/help.pt-BR.json, written by the
// build), so the reference can never say something the CLI does not. `--check` writes nothing
// and exits 1 naming the files that differ: CI runs it (test/docs/reference.test.ts), so a verb
// whose help changed without `npm run gen:reference` fails the build.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const dist = join(root, 'dist');
const out = join(root, 'docs', 'commands');
const check = process.argv.includes('--check');

const LANGS = [
  { code: 'en', file: 'help.json', title: 'svc command reference', intro: introEn },
  { code: 'pt-BR', file: 'help.pt-BR.json', title: 'Referência de comandos do svc', intro: introPt },
];

function introEn() {
  return [
    'Generated from `svc --help` by `npm run gen:reference`; do not edit by hand.',
    'The same text, in Portuguese: [../pt-BR/README.md](../pt-BR/README.md).',
  ];
}
function introPt() {
  return [
    'Gerado a partir de `svc --help` por `npm run gen:reference`; não edite à mão.',
    'O mesmo texto, em inglês: [../en/README.md](../en/README.md).',
  ];
}

/** Commands a person types: internal verbs (the completion helper) are left out. */
const visible = (path) => !path.split(' ').some((w) => w.startsWith('__'));

/** One page per top-level command: the command, then each of its verbs, in the help's order. */
function pages(help) {
  const byTop = new Map();
  for (const path of Object.keys(help.texts)) {
    if (path === '' || !visible(path)) continue;
    const top = path.split(' ')[0];
    if (!byTop.has(top)) byTop.set(top, []);
    byTop.get(top).push(path);
  }
  return byTop;
}

const block = (text) => ['```text', text.replace(/\s+$/, ''), '```'];

function commandPage(help, top, paths) {
  const lines = [`# svc ${top}`, ''];
  for (const path of paths) {
    if (path !== top) lines.push(`## svc ${path}`, '');
    lines.push(...block(help.texts[path]), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function indexPage(lang, help, byTop) {
  const lines = [`# ${lang.title}`, '', ...lang.intro(), '', ...block(help.texts['']), ''];
  lines.push('| command | |', '|---|---|');
  for (const [top, paths] of byTop) {
    const verbs = paths.filter((p) => p !== top).map((p) => p.slice(top.length + 1));
    lines.push(`| [svc ${top}](${top}.md) | ${verbs.join(', ')} |`);
  }
  lines.push('');
  for (const [name, text] of Object.entries(help.topics)) {
    lines.push(`## svc help ${name}`, '', ...block(text), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** roff needs a backslash and a line-leading dot or quote escaped; everything else is verbatim text. */
const roff = (text) =>
  text
    .replace(/\\/g, '\\e')
    .split('\n')
    .map((l) => (/^[.']/.test(l) ? `\\&${l}` : l))
    .join('\n');

function manPage(help, byTop) {
  const lines = [
    `.TH SVC 1 "" "svc ${help.version}" "User Commands"`,
    '.SH NAME',
    'svc \\- command-line tool for verified sellers of the marketplace',
    '.SH SYNOPSIS',
    '.nf',
    roff(help.texts[''].replace(/\s+$/, '')),
    '.fi',
    '.SH COMMANDS',
  ];
  for (const [, paths] of byTop) {
    for (const path of paths) {
      lines.push(`.SS svc ${path}`, '.nf', roff(help.texts[path].replace(/\s+$/, '')), '.fi');
    }
  }
  for (const [name, text] of Object.entries(help.topics)) {
    lines.push(`.SH ${name.toUpperCase().replace(/-/g, ' ')}`, '.nf', roff(text.replace(/\s+$/, '')), '.fi');
  }
  return `${lines.join('\n')}\n`;
}

function files() {
  const all = new Map();
  for (const lang of LANGS) {
    const path = join(dist, lang.file);
    if (!existsSync(path)) {
      console.error(`gen-reference: ${path} is missing; run npm run build first`);
      process.exit(2);
    }
    const help = JSON.parse(readFileSync(path, 'utf8'));
    const byTop = pages(help);
    all.set(join(lang.code, 'README.md'), indexPage(lang, help, byTop));
    for (const [top, paths] of byTop) all.set(join(lang.code, `${top}.md`), commandPage(help, top, paths));
    if (lang.code === 'en') all.set('svc.1', manPage(help, byTop));
  }
  return all;
}

const wanted = files();
const stale = [];
for (const [rel, text] of wanted) {
  const path = join(out, rel);
  const now = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  if (now === text) continue;
  stale.push(rel);
  if (!check) {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
  }
}
// A page of a command that no longer exists is stale too.
const present = existsSync(out)
  ? readdirSync(out, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(out.length + 1))
  : [];
for (const rel of present) {
  if (wanted.has(rel)) continue;
  stale.push(rel);
  if (!check) rmSync(join(out, rel));
}
if (check && stale.length) {
  console.error(`docs/commands is out of date with the CLI's help: ${stale.join(', ')}`);
  console.error('run `npm run build && npm run gen:reference` and commit the result');
  process.exit(1);
}
console.log(
  check
    ? `docs/commands: ${wanted.size} files match the help`
    : `docs/commands: ${stale.length} of ${wanted.size} files written`,
);
