// The `yaml` package, loaded on first use only (a read never compiles it). It is
// CommonJS: in the chunked build its namespace is `{ default: module.exports }`, from source it
// also has the named exports; both give the same module here.
type Yaml = typeof import('yaml');

export async function loadYaml(): Promise<Yaml> {
  const mod = (await import('yaml')) as Yaml & { default?: Yaml };
  return mod.default?.parseDocument ? mod.default : mod;
}

/**
 * The most alias expansions a file may ask for (the yaml library's `maxAliasCount`): a "billion
 * laughs" file of a few lines expands to gigabytes. Past it, a config error at the first alias.
 */
const MAX_YAML_ALIASES = 100;

type Doc = ReturnType<Yaml['parseDocument']>;

/** The document as plain values, or `FILE:LINE: message` when its aliases expand past the limit. */
export function documentValue(
  yaml: Yaml,
  doc: Doc,
  file: string,
  lineOf: (offset: number) => number,
): { ok: true; value: unknown } | { ok: false; problem: string } {
  try {
    return { ok: true, value: doc.toJS({ maxAliasCount: MAX_YAML_ALIASES }) };
  } catch (err) {
    if (!/alias/i.test((err as Error).message)) throw err;
    let first: number | undefined;
    yaml.visit(doc, {
      Alias(_key, node) {
        first ??= node.range?.[0];
      },
    });
    return {
      ok: false,
      problem: `${file}:${first === undefined ? 1 : lineOf(first)}: too many aliases (more than ${MAX_YAML_ALIASES} expansions): not read`,
    };
  }
}
