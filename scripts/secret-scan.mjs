// The secret scan (rule 3: no secret leaks). After the test suite, every file the run
// left in its folder (captured stdout/stderr of every CLI run, --verbose logs, job journals,
// reports, webhook stores, config files) is searched for the keys the suite ran with and for the
// markers its tests put inside credentials. Config files must be 0600. Exit 1 on any finding.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');

export function secretScan(runRoot) {
  const known = JSON.parse(readFileSync(join(root, 'test', 'e2e', 'known-secrets.json'), 'utf8'));
  const needles = [...known.keys, ...known.credentialMarkers, ...(known.poolSecrets ?? [])];
  // The tests' own input files carry the markers on purpose (test/e2e/harness.ts lists them).
  let inputs = new Set();
  try {
    inputs = new Set(readFileSync(join(runRoot, 'test-inputs.list'), 'utf8').split('\n').filter(Boolean));
  } catch {
    /* none */
  }
  const hits = [];
  const badModes = [];
  let files = 0;
  let configs = 0;
  let ledgers = 0;
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        walk(p);
        continue;
      }
      if (!e.isFile() || inputs.has(p) || e.name === 'test-inputs.list') continue;
      files++;
      if (e.name === 'config.json') {
        configs++;
        const mode = statSync(p).mode & 0o777;
        if (mode !== 0o600) badModes.push(`${relative(runRoot, p)}: mode ${mode.toString(8)}`);
      }
      // a pool's ledger (and the per-install secret keying its hashes) lives in
      // <state>/pools: 0600 like a config, and searched like every file for keys and credentials.
      // the per-account ledgers (account-*.jsonl) and their locks are in the same folder.
      if (dir.endsWith(`${join('/', 'pools')}`) && (e.name.endsWith('.jsonl') || e.name === 'secret')) {
        if (e.name.endsWith('.jsonl')) ledgers++;
        const mode = statSync(p).mode & 0o777;
        if (mode !== 0o600) badModes.push(`${relative(runRoot, p)}: mode ${mode.toString(8)}`);
      }
      // the usage ledger (usage-ledger.json and its day logs) says what the account spent: 0600.
      if (/^usage-ledger\.(json|\d{4}-\d{2}-\d{2}\.log)$/.test(e.name)) {
        const mode = statSync(p).mode & 0o777;
        if (mode !== 0o600) badModes.push(`${relative(runRoot, p)}: mode ${mode.toString(8)}`);
      }
      // the orders mirror (SQLite, with its -wal/-shm files) is 0600 and searched too.
      if (dir.endsWith(`${join('/', 'mirror')}`) && /\.sqlite(-wal|-shm)?$/.test(e.name)) {
        const mode = statSync(p).mode & 0o777;
        if (mode !== 0o600) badModes.push(`${relative(runRoot, p)}: mode ${mode.toString(8)}`);
      }
      let text = readFileSync(p, 'latin1');
      // Without an OS keyring the 0600 config file is where a stored key lives (docs/DECISIONS.md):
      // a key is allowed there as the value of a profile's v1Key/v2Key, and nowhere else in it.
      if (e.name === 'config.json') text = withoutStoredKeys(text);
      for (const n of needles) {
        let at = text.indexOf(n);
        while (at !== -1) {
          // Keep the report itself free of the secret: show where, and what kind.
          const kind = known.keys.includes(n)
            ? 'an API key'
            : (known.poolSecrets ?? []).includes(n)
              ? 'a pool secret'
              : 'a credential marker';
          const line = text.slice(0, at).split('\n').length;
          hits.push(`${relative(runRoot, p)}:${line}: ${kind}`);
          at = text.indexOf(n, at + n.length);
        }
      }
    }
  };
  walk(runRoot);
  return { files, configs, ledgers, hits, badModes };
}

function withoutStoredKeys(text) {
  try {
    const cfg = JSON.parse(text);
    for (const profile of Object.values(cfg.profiles ?? {})) {
      if (profile && typeof profile === 'object') {
        delete profile.v1Key;
        delete profile.v2Key;
        delete profile.poolSecret; // the pool secret is kept like a key, here only
      }
    }
    return JSON.stringify(cfg);
  } catch {
    return text; // not JSON: searched as it is
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = secretScan(process.argv[2]);
  console.log(
    `secret scan: ${r.files} files, ${r.hits.length} hits, ${r.configs} config files, ${r.ledgers} pool ledgers, ${r.badModes.length} not 0600`,
  );
  for (const h of [...r.hits, ...r.badModes].slice(0, 50)) console.log(`  ${h}`);
  process.exit(r.hits.length || r.badModes.length ? 1 : 0);
}
