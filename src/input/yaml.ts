// The `yaml` package, loaded on first use only (issue 26: a read never compiles it). It is
// CommonJS: in the chunked build its namespace is `{ default: module.exports }`, from source it
// also has the named exports; both give the same module here.
type Yaml = typeof import('yaml');

export async function loadYaml(): Promise<Yaml> {
  const mod = (await import('yaml')) as Yaml & { default?: Yaml };
  return mod.default?.parseDocument ? mod.default : mod;
}
