// Reading a rules file: YAML (the bundled `yaml` package, imported here lazily so
// only `products reprice` loads it), checked whole before anything is read from the service;
// every problem is `FILE:LINE: message` (cli-spec 3), located from the YAML node positions.
import { documentValue, loadYaml } from '../input/yaml.js';
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import type { MarginTier, PricingRule, PricingRules, RuleMatch } from './rule-types.js';
import { RulesFileSchema, type RulesFileData } from './rules-schema.js';

/** Everything wrong with a rules file, each `FILE:LINE: message`. */
export class RulesFileError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

type Path = readonly PropertyKey[];

interface Located {
  /** The line (1-based) of the value at a path, of a key of a map at a path. */
  lineOf(path: Path, key?: string): number;
}

export async function readRulesFile(file: string, displayName = file): Promise<PricingRules> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new RulesFileError([
      `${displayName}: cannot read the rules file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    ]);
  }
  return parseRules(text, displayName);
}

export async function parseRules(text: string, displayName: string): Promise<PricingRules> {
  const yaml = await loadYaml();
  const { parseDocument, LineCounter, isMap } = yaml;
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { schema: 'failsafe', lineCounter, uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length > 0) {
    throw new RulesFileError(
      doc.errors.map((e) => `${displayName}:${e.linePos?.[0]?.line ?? 1}: ${e.message.split('\n')[0]}`),
    );
  }
  const at = (offset: number | undefined) => (offset === undefined ? 1 : lineCounter.linePos(offset).line);
  const located: Located = {
    lineOf(path, key) {
      const node = doc.getIn(path as unknown[], true) as
        | { range?: [number, number, number]; items?: unknown[] }
        | undefined;
      if (key !== undefined && isMap(node)) {
        const pairs = node.items as { key?: { value?: unknown; range?: number[] } | null }[];
        const pair = pairs.find((p) => p.key?.value === key);
        return at(pair?.key?.range?.[0]);
      }
      if (node?.range) return at(node.range[0]);
      return path.length > 0 ? this.lineOf(path.slice(0, -1)) : 1;
    },
  };
  const value = documentValue(yaml, doc, displayName, (o) => lineCounter.linePos(o).line);
  if (!value.ok) throw new RulesFileError([value.problem]);
  const parsed = RulesFileSchema.safeParse(value.value ?? {});
  if (!parsed.success) throw new RulesFileError(issueLines(parsed.error.issues, located, displayName));
  return resolve(parsed.data, located, displayName);
}

function issueLines(issues: z.core.$ZodIssue[], where: Located, displayName: string): string[] {
  const out: string[] = [];
  for (const i of issues) {
    if (i.code === 'unrecognized_keys') {
      for (const k of i.keys)
        out.push(`${displayName}:${where.lineOf(i.path, k)}: unknown key ${JSON.stringify(k)}${keyHint(i.path)}`);
      continue;
    }
    // A union's issues name the branch that came closest; show its own words.
    const inner = i.code === 'invalid_union' ? (i.errors.flat()[0] ?? i) : i;
    const path = i.code === 'invalid_union' ? [...i.path, ...(inner as z.core.$ZodIssue).path] : i.path;
    const name = path.filter((p) => typeof p === 'string').at(-1);
    const message = (inner as z.core.$ZodIssue).message;
    out.push(
      `${displayName}:${where.lineOf(path)}: ${name && !message.startsWith(String(name)) ? `${String(name)}: ` : ''}${message}`,
    );
  }
  return [...new Set(out)];
}

function keyHint(path: Path): string {
  if (path.length === 0) return ' (known: fee, salesDays, rules)';
  if (path.at(-1) === 'match') return ' (known: listing, variant, game, category; or match: all)';
  if (typeof path.at(-1) === 'number' && path.length === 2)
    return ' (known: name, match, margin, catalog, minMargin, round, ceiling, floor, cost)';
  return '';
}

function resolve(data: RulesFileData, where: Located, displayName: string): PricingRules {
  const rules: PricingRule[] = data.rules.map((r, i) => {
    const path = ['rules', i];
    const m = r.match;
    const listings = m === 'all' ? undefined : m.listing === undefined ? undefined : [m.listing].flat();
    const match: RuleMatch =
      m === 'all'
        ? { all: true }
        : {
            ...(listings ? { listings } : {}),
            ...(m.variant !== undefined ? { variant: m.variant } : {}),
            ...(m.game !== undefined ? { game: m.game } : {}),
            ...(m.category !== undefined ? { category: m.category } : {}),
          };
    const mp = [...path, 'match'];
    const listingLines = listings?.map((_, j) =>
      Array.isArray(m === 'all' ? undefined : m.listing)
        ? where.lineOf([...mp, 'listing', j])
        : where.lineOf([...mp, 'listing']),
    );
    const tiers: MarginTier[] | undefined =
      r.margin === undefined
        ? undefined
        : typeof r.margin === 'number'
          ? [{ marginBp: r.margin }]
          : r.margin.map((t) => ({ ...(t.upTo !== undefined ? { upToCents: t.upTo } : {}), marginBp: t.margin }));
    return {
      line: where.lineOf(path),
      lines: {
        ...(listingLines ? { listings: listingLines } : {}),
        ...(m !== 'all' && m.variant !== undefined ? { variant: where.lineOf([...mp, 'variant']) } : {}),
        ...(m !== 'all' && m.game !== undefined ? { game: where.lineOf([...mp, 'game']) } : {}),
      },
      ...(r.name !== undefined ? { name: r.name } : {}),
      match,
      pricing: tiers ? { kind: 'margin', tiers } : { kind: 'catalog', ...r.catalog! },
      minMarginBp: r.minMargin ?? 0,
      rounding: r.round ?? 'none',
      ...(r.ceiling !== undefined ? { ceilingCents: r.ceiling } : {}),
      ...(r.floor !== undefined ? { floorCents: r.floor } : {}),
      cost: r.cost ?? 'max',
    };
  });
  return {
    file: displayName,
    ...(data.fee !== undefined ? { feeBp: data.fee, feeLine: where.lineOf(['fee']) } : {}),
    salesDays: data.salesDays ?? 30,
    rules,
  };
}
