// The Ink UI bundle (dist/ui.mjs), loaded on first use only: a read, --json and piped output
// never load Ink or React (style.md principle 5). This module itself imports neither.
import { SvcError } from '../api/errors.js';

type UiModule = typeof import('./index.js');
// The build sets this to the file name of the separate UI bundle (dist/ui.mjs).
declare const __SVC_UI_BUNDLE__: string | undefined;
let uiModule: Promise<UiModule> | undefined;
/** The Ink UI bundle, loaded on first use only. */
export function loadUi(io?: { color: boolean }): Promise<UiModule> {
  // no colour asked for (NO_COLOR, --no-color, FORCE_COLOR=0) reaches the Ink bundle's
  // chalk, which decides its level from FORCE_COLOR once, when it loads.
  if (io && !io.color && uiModule === undefined) process.env.FORCE_COLOR = '0';
  uiModule ??= importUi().catch((err) => {
    throw new SvcError(`cannot load the terminal UI: ${(err as Error).message}`, 'use -o tsv or -o json');
  });
  return uiModule;
}

async function importUi(): Promise<UiModule> {
  if (typeof __SVC_UI_BUNDLE__ === 'string') {
    const { pathToFileURL } = await import('node:url');
    const { join } = await import('node:path');
    // bin/svc.js's own import(): the bundle's import() is lost with the V8 code cache.
    const load =
      (globalThis as { __svcImport?: (s: string) => Promise<unknown> }).__svcImport ?? ((s: string) => import(s));
    // dist/, from bin/svc.js: this code may sit in a chunk under dist/chunks.
    const dist = (globalThis as { __svcDist?: string }).__svcDist ?? __dirname;
    return load(pathToFileURL(join(dist, __SVC_UI_BUNDLE__)).href) as Promise<UiModule>;
  }
  return import('./index.js');
}

type TableModule = typeof import('./table-render.js');
// The build sets this to the terminal table's bundle (dist/table.cjs).
declare const __SVC_TABLE_BUNDLE__: string | undefined;
let tableModule: Promise<TableModule> | undefined;
/**
 * The terminal table's Ink bundle, loaded on first use only, through bin/svc.js's
 * code cache (__svcRequire); resolved once Yoga's WebAssembly is instantiated.
 */
export function loadTableUi(io: { color: boolean }): Promise<TableModule> {
  // As loadUi: chalk takes its level from FORCE_COLOR once, when the bundle loads.
  if (!io.color && tableModule === undefined) process.env.FORCE_COLOR = '0';
  tableModule ??= importTable().catch((err) => {
    throw new SvcError(`cannot load the terminal UI: ${(err as Error).message}`, 'use -o tsv or -o json');
  });
  return tableModule;
}

async function importTable(): Promise<TableModule> {
  let mod: TableModule;
  if (typeof __SVC_TABLE_BUNDLE__ === 'string') {
    // bin/svc.js's loader (or, in the build's own runs, a plain require of dist/).
    const svcRequire = (globalThis as unknown as { __svcRequire: (rel: string) => unknown }).__svcRequire;
    mod = svcRequire(__SVC_TABLE_BUNDLE__) as TableModule;
  } else mod = await import('./table-render.js');
  await mod.ready;
  return mod;
}

/**
 * Test-only: with SVC_TRACE_UI=1, say on stderr at exit whether the Ink bundle was
 * loaded (it sets globalThis.__svcUiLoaded), so a test can see that piped output never loads it.
 */
export function traceUi(env: NodeJS.ProcessEnv): void {
  if (env.SVC_TRACE_UI !== '1') return;
  process.once('exit', () => {
    const loaded = (globalThis as { __svcUiLoaded?: boolean }).__svcUiLoaded === true;
    process.stderr.write(loaded ? 'ui loaded\n' : 'ui not loaded\n');
  });
}
