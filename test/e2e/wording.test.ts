// wording faults a new user met. A refusal's hint does not repeat its message; one
// spelling of take-down; an unknown command with --help is an unknown command (exit 2), not the
// global help; FORCE_COLOR=0 means no colour (checked on a real terminal, under tmux).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { BIN, startTestSandbox, svc, svcEnv, tempDirs, type TestSandbox } from './harness.js';
import { SEED_IDS } from '../../src/sandbox/index.js';

const P = SEED_IDS.products;
let sb: TestSandbox;
before(async () => {
  sb = await startTestSandbox();
});
after(async () => {
  await sb.close();
});

describe('wording', () => {
  test('a refusal says its message once: the hint adds what to do, never the message again', async () => {
    const env = svcEnv(sb, tempDirs());
    for (const id of [P.takenDown, P.permanentlyRejected]) {
      const r = await svc(['products', 'activate', String(id), '-o', 'tsv'], { env });
      assert.equal(r.code, 3, r.stderr);
      const line = r.stdout.split('\n').find((l) => l.includes(String(id)))!;
      const message = line.split('\t').at(-1)!;
      const [said, hint] = message.split(' — ');
      assert.ok(hint, `a hint follows: ${message}`);
      assert.ok(!hint!.toLowerCase().includes(said!.toLowerCase()), `doubled: ${message}`);
      assert.doesNotMatch(hint!, /rejected permanently|permanently rejected|removed by moderation/);
    }
  });

  test('take-down is spelled one way in what the seller reads', async () => {
    const env = svcEnv(sb, tempDirs());
    const bad = await svc(['sandbox', 'moderate', String(P.underReview), 'nuke'], { env });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /take-down/);
    assert.doesNotMatch(bad.stderr + bad.stdout, /take_down|reject_permanently/);
    const help = await svc(['sandbox', 'moderate', '--help'], { env });
    assert.doesNotMatch(help.stdout, /take_down/);
  });

  test('an unknown command with --help says so and exits 2 (the prebuilt help does not answer it)', async () => {
    for (const args of [
      ['nosuch', 'sync', '--help'],
      ['products', 'nosuch', '--help'],
      ['prodcts', '-h'],
    ]) {
      const r = await svc(args);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.equal(r.stdout, '', 'no help printed');
      assert.match(r.stderr, /^error: unknown command '/m);
    }
    const known = await svc(['products', 'list', '--help']);
    assert.equal(known.code, 0);
    assert.match(known.stdout, /^Usage: svc products list/);
    const misspelt = await svc(['prodcts', '--help']);
    assert.match(misspelt.stderr, /did you mean `svc products`/);
  });

  test('FORCE_COLOR=0 on a terminal: no colour escape at all', (t) => {
    try {
      execFileSync('tmux', ['-V']);
    } catch {
      return t.skip('tmux is not installed');
    }
    const socket = `svc-e2e-wording-${process.pid}`;
    const tmux = (...a: string[]) => execFileSync('tmux', ['-L', socket, ...a], { encoding: 'utf8' });
    const dirs = tempDirs();
    const run = (force: string) => {
      const cmd = `env -u NO_COLOR -u CI FORCE_COLOR=${force} SVC_CONFIG_DIR=${dirs.configDir} SVC_STATE_DIR=${dirs.stateDir} SVC_BASE_URL=${sb.url} '${process.execPath}' '${BIN}' products list --limit nope; echo "SVC-EXIT=$?"; sleep 30`;
      tmux('new-session', '-d', '-s', `f${force}`, '-x', '120', '-y', '20', cmd);
    };
    try {
      run('0');
      run('1');
      const capture = async (s: string) => {
        for (;;) {
          const out = tmux('capture-pane', '-p', '-e', '-t', s);
          if (/SVC-EXIT=/.test(out)) return out;
          await new Promise((r) => setTimeout(r, 50));
        }
      };
      return Promise.all([capture('f0'), capture('f1')]).then(([off, on]) => {
        assert.match(off, /error:/);
        assert.doesNotMatch(off, /\u001b\[3\dm/, 'FORCE_COLOR=0 painted');
        assert.match(on, /\u001b\[31m/, 'colour on a terminal otherwise (the check can see it)');
      });
    } finally {
      after(() => {
        try {
          tmux('kill-server');
        } catch {
          /* gone */
        }
      });
    }
  });
});
