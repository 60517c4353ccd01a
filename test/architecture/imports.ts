// The import graph of src/, read from the source text: static imports and re-exports, type
// imports, side-effect imports and import() (a lazy import is still a dependency). Used by the
// layering test; no compiler needed.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Layers, lowest first: a module may import its own layer or a lower one only. */
const LAYERS: readonly (readonly string[])[] = [
  ['api', 'version', 'i18n'],
  ['input', 'jobs', 'output', 'config', 'state', 'pricing', 'notify', 'mirror'],
  ['ui', 'webhooks', 'sandbox', 'shop', 'bot'],
  ['cli'],
  ['main', 'warm-cache'],
];

export interface Edge {
  from: string;
  to: string;
}

/** The layer of a path relative to src/ (its first segment, or the file name at the top). */
function layerOf(rel: string): number {
  const top = rel.split('/')[0]!.replace(/\.(d\.)?tsx?$/, '');
  return LAYERS.findIndex((names) => names.includes(top));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

// Comments are dropped first, so an example in a comment is not an import.
const COMMENTS = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;
const SPECIFIERS = /\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;

/** Every relative import of every module under `srcRoot`, as paths relative to it (extension dropped). */
export function importEdges(srcRoot: string): Edge[] {
  const root = resolve(srcRoot);
  const strip = (p: string) => p.replace(/\.(js|ts|tsx)$/, '');
  const edges: Edge[] = [];
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8').replace(COMMENTS, '');
    for (const m of text.matchAll(SPECIFIERS)) {
      const spec = m[1]!;
      if (!spec.startsWith('.')) continue;
      edges.push({ from: strip(relative(root, file)), to: strip(relative(root, resolve(dirname(file), spec))) });
    }
  }
  return edges;
}

/** Imports that go up a layer, or come from or go to a folder that has no layer. */
export function layerViolations(edges: Edge[]): string[] {
  const out: string[] = [];
  for (const { from, to } of edges) {
    const a = layerOf(from);
    const b = layerOf(to);
    if (a < 0) out.push(`${from}: its folder has no layer (add it to LAYERS)`);
    else if (b < 0) out.push(`${from} imports ${to}, whose folder has no layer`);
    else if (b > a)
      out.push(`${from} (layer ${a}: ${LAYERS[a]!.join('/')}) imports ${to} (layer ${b}: ${LAYERS[b]!.join('/')})`);
  }
  return [...new Set(out)];
}

/** Import cycles between modules (Tarjan's strongly connected components of two or more). */
export function importCycles(edges: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    next.set(from, [...(next.get(from) ?? []), to]);
    if (!next.has(to)) next.set(to, []);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) cycles.push(scc.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return cycles;
}
