// bench/interleave.cjs RUNS "CMD" "CMD" ...: each command RUNS times, interleaved (all of them
// once, then again), spawnSync with stdout to /dev/null; prints each median wall time and its
// ratio to the first command. VAR=value words before a command set its environment. Used for the
// read figures beside bench/startup (docs/PERFORMANCE.md, "reads"). A report only.
'use strict';
const { spawnSync } = require('node:child_process');
const { loadavg } = require('node:os');

const runs = Number(process.argv[2]);
const cmds = process.argv.slice(3);
const times = cmds.map(() => []);

function once(cmd) {
  const words = cmd.split(' ');
  const env = { ...process.env };
  while (/^[A-Z_]+=/.test(words[0])) {
    const [k, v] = words.shift().split('=');
    env[k] = v;
  }
  const t0 = process.hrtime.bigint();
  const res = spawnSync(words[0], words.slice(1), { stdio: ['ignore', 'ignore', 'pipe'], env });
  if (res.status !== 0) throw new Error(`${cmd} exited ${res.status}: ${res.stderr}`);
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

for (let r = 0; r < runs; r++) {
  for (const [i, c] of cmds.entries()) times[i].push(once(c));
}
const base = median(times[0]);
cmds.forEach((c, i) => {
  const m = median(times[i]);
  console.log(`${m.toFixed(1).padStart(7)} ms ${(m / base).toFixed(2)} ${c}`);
});
console.log(`load ${loadavg()[0].toFixed(2)}`);
