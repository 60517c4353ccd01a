// cli-spec 2: "Every command has --help with at least one example"; `svc help
// exit-codes | environment | formats` beside commander's `help [command]`, the same texts from
// the commander path (here, in-process) and from dist/help.json (test/e2e/help-completion.test.ts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { Command } from 'commander';
import { HELP_TOPICS } from '../../src/cli/help/index.js';
import { helpTexts } from '../../src/main.js';
import { fullProgram, runMain } from './helpers.js';

describe('--help of every command', () => {
  test('has an Examples: section with at least one `$ svc` line, across the whole tree', async () => {
    const { program } = await fullProgram();
    const paths: string[] = [];
    const walk = (cmd: Command, path: string[]) => {
      paths.push(path.join(' '));
      for (const sub of cmd.commands) walk(sub, [...path, sub.name()]);
    };
    walk(program, []);
    const { texts } = await helpTexts();
    assert.ok(paths.length > 50, `the walk found ${paths.length} commands`);
    assert.deepEqual(Object.keys(texts).sort(), [...paths].sort(), 'help.json holds every command of the tree');
    const missing = paths.filter((p) => !/\nExamples:\n {2}\$ svc /.test(texts[p]!));
    assert.deepEqual(missing, [], `commands without an example: ${missing.map((p) => `"svc ${p}"`).join(', ')}`);
  });

  test('the program help points at the topics and at completion', async () => {
    const r = await runMain(['--help']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /svc help exit-codes/);
    assert.match(r.stdout, /svc help formats/);
    assert.match(r.stdout, /svc completion bash\|zsh\|fish/);
    assert.match(r.stdout, /^ {2}help \[command-or-topic\.\.\.\] +show help for a command, or a topic/m);
  });
});

describe('svc help TOPIC', () => {
  for (const [name, topic] of Object.entries(HELP_TOPICS)) {
    test(`svc help ${name} prints the topic on stdout, exit 0`, async () => {
      const r = await runMain(['help', name]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, topic.text);
      assert.equal(r.stderr, '');
      assert.match(topic.text, /\nExamples:\n {2}\$ /);
    });
  }

  test('exit-codes lists every code of cli-spec 1', () => {
    for (const code of ['0', '1', '2', '3', '4', '5', '130'])
      assert.match(HELP_TOPICS['exit-codes']!.text, new RegExp(`^ {2}${code} +\\S`, 'm'), code);
    assert.match(HELP_TOPICS['exit-codes']!.text, /nothing was sent/);
  });

  test('environment lists every variable of cli-spec 1 and where keys are stored', () => {
    const text = HELP_TOPICS.environment!.text;
    for (const v of [
      'SVC_API_KEY',
      'SVC_PROFILE',
      'SVC_BASE_URL',
      'SVC_CONFIG_DIR',
      'SVC_STATE_DIR',
      'SVC_KEYRING',
      'NO_COLOR',
      'CI',
    ])
      assert.match(text, new RegExp(`^ {2}${v} `, 'm'), v);
    assert.match(text, /OS keyring/);
    assert.match(text, /mode 0600/);
  });

  test('formats describes every input file of cli-spec 3', () => {
    const text = HELP_TOPICS.formats!.text;
    for (const s of [
      'price_cents',
      'variant',
      'active',
      'credential',
      'cost_cents',
      'costCents',
      '--separator',
      'FILE:LINE',
      'BOM',
      '100000000',
      '5000',
    ])
      assert.ok(text.includes(s), s);
  });

  test("svc help COMMAND is that command's --help", async () => {
    for (const path of [['products'], ['products', 'bulk-price'], ['auth', 'login'], ['completion']]) {
      const viaHelp = await runMain(['help', ...path]);
      const viaFlag = await runMain([...path, '--help']);
      assert.equal(viaHelp.code, 0, viaHelp.stderr);
      assert.equal(viaHelp.stdout, viaFlag.stdout, path.join(' '));
    }
  });

  test('svc help alone is the program help', async () => {
    assert.equal((await runMain(['help'])).stdout, (await runMain(['--help'])).stdout);
  });

  test('an unknown topic is a usage error (exit 2) naming the topics', async () => {
    const r = await runMain(['help', 'exit-code']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /no help topic or command "exit-code"/);
    assert.match(r.stderr, /"exit-codes", "environment", "formats"/);
  });

  test('helpTexts carries the topics for bin/svc.js', async () => {
    const { topics } = await helpTexts();
    assert.deepEqual(Object.keys(topics), Object.keys(HELP_TOPICS));
    assert.equal(topics.formats, HELP_TOPICS.formats!.text);
  });

  // npm run test:unit does not build (SVC_TEST_UNIT): dist/ may be stale there by design.
  const skip = process.env.SVC_TEST_UNIT ? 'test:unit does not build' : !existsBuilt() && 'not built';
  test('the built dist/help.json is not stale', { skip }, async () => {
    const built = JSON.parse(readFileSync(new URL('../../dist/help.json', import.meta.url), 'utf8'));
    assert.deepEqual(built.topics, (await helpTexts()).topics);
  });
});

function existsBuilt(): boolean {
  try {
    readFileSync(new URL('../../dist/help.json', import.meta.url));
    return true;
  } catch {
    return false;
  }
}
