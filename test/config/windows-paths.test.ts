// Windows as a target, checked on any machine: where the config and state folders go on win32
// (%APPDATA% roams with the user's profile: config and keys; %LOCALAPPDATA% stays on the machine:
// ledgers, journals, the code cache and the one-file executable's unpacked files), in Windows'
// own path form, whatever system runs the test.
import assert from 'node:assert/strict';
import { win32 } from 'node:path';
import { test } from 'node:test';
import { configDir, stateDir } from '../../src/config/paths.js';

const env = {
  APPDATA: 'C:\\Users\\Ana Souza\\AppData\\Roaming',
  LOCALAPPDATA: 'C:\\Users\\Ana Souza\\AppData\\Local',
};

test('win32: config in %APPDATA%\\svc\\Config, state in %LOCALAPPDATA%\\svc\\State, with backslashes', () => {
  assert.equal(configDir(env, 'win32'), 'C:\\Users\\Ana Souza\\AppData\\Roaming\\svc\\Config');
  assert.equal(stateDir(env, 'win32'), 'C:\\Users\\Ana Souza\\AppData\\Local\\svc\\State');
  for (const dir of [configDir(env, 'win32'), stateDir(env, 'win32')]) {
    assert.ok(win32.isAbsolute(dir), dir);
    assert.equal(dir.includes('/'), false, dir);
  }
});

test('win32: SVC_CONFIG_DIR and SVC_STATE_DIR win, as on every system', () => {
  const given = { ...env, SVC_CONFIG_DIR: 'D:\\shop\\config', SVC_STATE_DIR: 'D:\\shop\\state' };
  assert.equal(configDir(given, 'win32'), 'D:\\shop\\config');
  assert.equal(stateDir(given, 'win32'), 'D:\\shop\\state');
});

test('linux and macOS keep their own places and separators', () => {
  const xdg = { XDG_CONFIG_HOME: '/home/ana/.config', XDG_STATE_HOME: '/home/ana/.local/state' };
  assert.equal(configDir(xdg, 'linux'), '/home/ana/.config/svc');
  assert.equal(stateDir(xdg, 'linux'), '/home/ana/.local/state/svc');
  assert.match(configDir({}, 'darwin'), /\/Library\/Preferences\/svc$/);
  assert.match(stateDir({}, 'darwin'), /\/Library\/Application Support\/svc$/);
});
