// svc products create --file listing.json|yaml [--content-file creds.txt], or flags for a
// simple listing: POST /api/v2/products (v1 when only a v1 key). Every creation limit (spec 8,
// A13) is checked before sending; credentials are counted, never printed.
import { t, tKeyed } from '../../i18n/index.js';
import { count } from '../../output/plural.js';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { loadYaml } from '../../input/yaml.js';
import { DEFAULT_SEPARATOR, LIMITS } from '../../api/assumptions.js';
import { EXIT, UsageError } from '../../api/errors.js';
import { ProductCreateV1, ProductCreateV2, fieldPath } from '../../api/requests.js';
import type { Game } from '../../api/responses.js';
import { success } from '../../output/reporter.js';
import { v1PriceBelowMin } from '../../api/rules/price.js';
import { apiVersion, type Deps } from '../shared/context.js';
import { defineVerb, flag, option, type OptsOf } from '../shared/verb.js';
import { IncompleteListError, printOne } from '../shared/read.js';
import { printRequestPlan } from '../shared/plan.js';
import { listingColumns } from './columns.js';
import { priceFlag } from './price-flag.js';

const text = () => z.string().optional();
const options = {
  file: option('--file <listing.json|yaml>', 'the listing, as the v2 create body (prices in cents)', text()),
  contentFile: option(
    '--content-file <creds.txt>',
    "automatic-delivery credentials, one per line (or split by the listing's autoDeliverySeparator)",
    text(),
  ),
  title: option('--title <text>', 'title (5-200 characters)', text()),
  description: option('--description <text>', 'description (20-5000 characters)', text()),
  price: option('--price <price>', 'price, e.g. 19.90', text()),
  game: option('--game <id>', 'game id (see `svc catalog`)', text()),
  category: option('--category <name>', 'category, e.g. account', text()),
  deliveryTime: option('--delivery-time <hours>', 'like 24h', text()),
  warranty: option(
    '--warranty <days>',
    'warranty in days (account category)',
    z.coerce.number().int().min(0).optional(),
  ),
  image: option('--image <url...>', 'image URLs (up to 10)', z.array(z.string()).optional()),
  inactive: flag('--inactive', 'create it inactive'),
};

async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  const source = o.file ?? 'flags';
  const body = o.file ? await readListingFile(o.file) : {};
  const price = priceFlag(o.price);
  Object.assign(
    body,
    Object.fromEntries(
      Object.entries({
        title: o.title,
        description: o.description,
        price,
        game: o.game,
        category: o.category,
        deliveryTime: o.deliveryTime,
        warrantyPeriod: o.warranty,
        imageUrls: o.image,
        ...(o.inactive ? { isActive: false } : {}),
      }).filter(([, v]) => v !== undefined),
    ),
  );
  if (o.contentFile) {
    body.autoDeliveryContent = readContent(o.contentFile);
    body.isAutoDelivery = true;
  }
  const version = await apiVersion(deps);
  const problems = version === 'v2' ? checkV2(body) : checkV1(body);
  if (problems.length === 0 && version === 'v2') problems.push(...(await checkMinPrice(deps, body)));
  if (problems.length > 0) {
    for (const p of problems) deps.io.stderr.write(`${o.file ? `${source}: ${t(p)}` : t(flagWords(p))}\n`);
    const summary = `${problems.length} problem${problems.length === 1 ? '' : 's'} in the listing; nothing was sent`;
    deps.io.stderr.write(`${t('error:')} ${t(summary)}\n`);
    return EXIT.usage;
  }
  // Checked above against the schema of the version in use; the resource converts v1 money (A3).
  const create = (await deps.api()).products.create(body as ProductCreateV2);
  if (deps.globals.dryRun) {
    const creds = countCredentials(body);
    const plan = create.describe();
    const variants = (body.variants as unknown[] | undefined)?.length ?? 0;
    return printRequestPlan(deps, [
      {
        method: plan.method,
        path: plan.path,
        what: `"${String(body.title)}", ${count(variants, 'variant')}, ${count(creds.count, 'credential')}`,
      },
    ]);
  }
  const res = await create.send();
  const listing = res.data;
  success(
    deps.io,
    `listing ${listing.id} created${listing.status === 'em_analise' ? '; it is under review until the platform approves it' : ''}`,
  );
  await printOne(deps, listing, listingColumns(version));
  return 0;
}

async function readListingFile(file: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(
      `cannot read ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`,
    );
  }
  let value: unknown;
  const yaml = /\.ya?ml$/i.test(file) ? await loadYaml() : undefined; // loaded only for YAML files
  try {
    value = yaml ? yaml.parse(text) : JSON.parse(text);
  } catch (e) {
    throw new UsageError(
      `${file}: not valid ${/\.ya?ml$/i.test(file) ? 'YAML' : 'JSON'}: ${(e as Error).message.split('\n')[0]}`,
    );
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new UsageError(`${file}: the listing must be an object`);
  return value as Record<string, unknown>;
}

function readContent(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
  return text.replace(/\r\n/g, '\n').replace(/\n+$/, '');
}

function issues(result: z.ZodSafeParseResult<unknown>): string[] {
  return result.success ? [] : result.error.issues.map((i) => `${fieldPath(i.path) || '(listing)'}: ${issueWords(i)}`);
}

/** A schema's finding in svc's words, not zod's (`Too small: expected string to have >=5 characters`). */
function issueWords(i: z.core.$ZodIssue): string {
  const input = (i as { input?: unknown }).input;
  if (i.code === 'invalid_type' && (input === undefined || /received undefined/.test(i.message))) return t('missing');
  if (i.code === 'too_small' && i.origin === 'string') return t('at least {n} characters', { n: Number(i.minimum) });
  if (i.code === 'too_big' && i.origin === 'string') return t('at most {n} characters', { n: Number(i.maximum) });
  // short bounds by their own entries: a bare `at most {n}` pattern would catch any sentence
  if (i.code === 'too_small') return tKeyed('label', `at least ${Number(i.minimum)}`);
  if (i.code === 'too_big') return tKeyed('label', `at most ${Number(i.maximum)}`);
  return i.message;
}

/** Without --file the listing comes from flags: a problem names the flag (`--title: missing`). */
function flagWords(problem: string): string {
  const m = /^([a-zA-Z]+)(: [\s\S]*)$/.exec(problem);
  return m ? `--${m[1]!.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}${m[2]}` : problem;
}

/** Creation limits of spec 8 / 7.2, counted without ever showing a credential. */
function countCredentials(body: Record<string, unknown>): { count: number; chars: number; autoVariants: number } {
  const sep =
    typeof body.autoDeliverySeparator === 'string' && body.autoDeliverySeparator
      ? body.autoDeliverySeparator
      : DEFAULT_SEPARATOR;
  const split = (t: unknown) =>
    typeof t === 'string' && t.length > 0 ? t.split(sep).filter((x) => x.length > 0).length : 0;
  const variants = Array.isArray(body.variants) ? (body.variants as Record<string, unknown>[]) : [];
  let count = split(body.autoDeliveryContent);
  let chars = typeof body.autoDeliveryContent === 'string' ? body.autoDeliveryContent.length : 0;
  let autoVariants = 0;
  for (const v of variants) {
    count += split(v.autoDeliveryItems);
    if (typeof v.autoDeliveryItems === 'string') chars += v.autoDeliveryItems.length;
    if (v.isAutoDelivery === true || typeof v.autoDeliveryItems === 'string') autoVariants++; // spec 2.2
  }
  return { count, chars, autoVariants };
}

function checkV2(body: Record<string, unknown>): string[] {
  const out = issues(ProductCreateV2.safeParse(body));
  const c = countCredentials(body);
  if (c.count > LIMITS.credentialsPerCreation)
    out.push(
      `${c.count} credentials in all variants together; at most ${LIMITS.credentialsPerCreation} in one creation (TOO_MANY_CREDENTIALS)`,
    );
  if (c.autoVariants > LIMITS.autoDeliveryVariantsPerCreation)
    out.push(
      `variants: ${c.autoVariants} variants with automatic delivery; at most ${LIMITS.autoDeliveryVariantsPerCreation}`,
    );
  if (c.chars > LIMITS.credentialsTextCharsPerCreation)
    out.push(`variants: ${c.chars} characters of credentials text; at most ${LIMITS.credentialsTextCharsPerCreation}`);
  return out;
}

function checkV1(body: Record<string, unknown>): string[] {
  const out = issues(
    ProductCreateV1.safeParse({ ...body, price: typeof body.price === 'number' ? body.price / 100 : body.price }),
  );
  if (typeof body.price === 'number' && body.price < LIMITS.v1MinPriceCents) out.push(v1PriceBelowMin('price'));
  for (const k of ['variants', 'autoDeliveryContent', 'listingType'])
    if (k in body) out.push(`${k}: needs a v2 key (v1 creates single listings without automatic delivery)`);
  return out;
}

/** A13: the price must be at least the game's catalog minPrice. */
async function checkMinPrice(deps: Deps, body: Record<string, unknown>): Promise<string[]> {
  // Page through the catalog only until the game is found (never the whole catalog).
  let game: z.infer<typeof Game> | undefined;
  for await (const page of (await deps.api()).account.catalog().pages({ limit: LIMITS.pageSizeMax, all: true })) {
    game = page.items.find((g) => String(g.id) === body.game || g.slug === body.game);
    if (game) break;
    if (page.incomplete) throw new IncompleteListError(page.incomplete);
  }
  if (!game) return [`game: unknown game "${String(body.game)}" (see \`svc catalog\`)`];
  const min = game.minPrice ?? 0;
  const out: string[] = [];
  const check = (p: unknown, where: string) => {
    if (typeof p === 'number' && p < min)
      out.push(`${where}: ${p} cents is below the minimum price of ${game.name ?? game.id} (${min} cents)`);
  };
  check(body.price, 'price');
  const variants = Array.isArray(body.variants) ? (body.variants as Record<string, unknown>[]) : [];
  for (const [i, v] of variants.entries()) check(v.price, `variants[${i}].price`);
  return out;
}

export const createVerb = defineVerb({
  name: 'create',
  description: 'create a listing from a JSON/YAML file (variants, automatic delivery) or from flags',
  options,
  examples: [
    'svc products create --title "Prime Vandal bundle" --description "All Prime skins, delivered in 1 hour." --price 15.00 --game valorant --category skin',
    'svc products create --file listing.yaml --content-file keys.txt --dry-run',
    'svc products create --file multi-variant.json',
  ],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [createVerb];
