// commander requires child_process at load, for executable subcommands (`git-style` ones);
// svc has none, so a run never spawns through commander. Loaded on use instead (bench/startup).
'use strict';
module.exports = {
  spawn: (...args) => require('node:child_process').spawn(...args),
};
