// What a tool call gives back to the model: the command's json (its `-o json` shape) as
// structured content, and a short text. Everything in it came from the network or from files, so
// it is data, never an instruction, and it is cleaned like terminal output first: escapes and
// invisible characters removed from every string (output/sanitize.ts), anything shaped like a
// svc key masked, fields that could hold a secret or a buyer's private data dropped, and a long
// list cut to the size cap with a note saying how to read the rest.
import { MCP } from '../../api/assumptions.js';
import { redact } from '../../config/mask.js';
import { sanitizeBlock } from '../../output/sanitize.js';
import type { Invocation } from './invoke.js';

/** Fields never passed on, wherever they stand: credentials, secrets, and a buyer's contact data. */
const PRIVATE_FIELDS = new Set([
  'credentials',
  'credential',
  'secret',
  'poolSecret',
  'password',
  'token',
  'apiKey',
  'email',
  'phone',
  'document',
]);

/** svc keys of either version (spec 5.2), wherever they appear in a text. */
const SVC_KEY = /svc_(?:v2_)?sk_[A-Za-z0-9_-]+/g;

/** A string as the model may see it: no escapes or invisible characters, no key. */
function cleanText(s: string, secrets: readonly (string | undefined)[]): string {
  return redact(sanitizeBlock(s), secrets).replace(SVC_KEY, (k) => `${k.slice(0, k.indexOf('_sk_') + 4)}…`);
}

/** A json value cleaned through: every string, every key, private fields dropped. */
export function cleanValue(v: unknown, secrets: readonly (string | undefined)[]): unknown {
  if (typeof v === 'string') return cleanText(v, secrets);
  if (Array.isArray(v)) return v.map((x) => cleanValue(x, secrets));
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (!PRIVATE_FIELDS.has(k)) out[cleanText(k, secrets)] = cleanValue(x, secrets);
    }
    return out;
  }
  return v;
}

/** A list longer than the cap keeps its first items that fit; `shown` says how many of how many. */
function capped(data: unknown): { data: unknown; truncated?: { shown: number; of: number } } {
  if (!Array.isArray(data) || JSON.stringify(data).length <= MCP.resultMaxBytes) return { data };
  let size = 2;
  let n = 0;
  for (const item of data) {
    size += JSON.stringify(item).length + 1;
    if (size > MCP.resultMaxBytes) break;
    n++;
  }
  return { data: data.slice(0, n), truncated: { shown: n, of: data.length } };
}

/** The command's json, or undefined when it printed none (a failure says so on stderr). */
function parseJson(stdout: string): unknown {
  const text = stdout.trim();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // jsonl, or a command that printed lines: each line a value
    return text.split('\n').map((l) => {
      try {
        return JSON.parse(l);
      } catch {
        return l;
      }
    });
  }
}

export interface ToolOutcome {
  /** The structured content of the result. */
  content: Record<string, unknown>;
  /** The short text beside it. */
  text: string;
  isError: boolean;
}

/** The result of a call from what the command printed, cleaned and capped. */
export function outcomeOf(
  tool: string,
  inv: Invocation,
  requests: number,
  secrets: readonly (string | undefined)[],
  extra: Record<string, unknown> = {},
): ToolOutcome {
  const parsed = cleanValue(parseJson(inv.stdout), secrets);
  const { data, truncated } = capped(parsed);
  const messages = cleanText(inv.stderr, secrets).trim();
  const content: Record<string, unknown> = {
    exitCode: inv.code,
    requests,
    ...(data !== undefined ? { data } : {}),
    ...(truncated ? { truncated: { ...truncated, hint: 'ask for a smaller limit or the next page' } } : {}),
    ...(messages ? { messages } : {}),
    ...(cleanValue(extra, secrets) as Record<string, unknown>),
  };
  // A command that printed its json (exit 3: some rows refused, exit 1: a list cut short) answered.
  const isError = inv.code !== 0 && data === undefined;
  const items = Array.isArray(data) ? `${data.length} item${data.length === 1 ? '' : 's'}, ` : '';
  const head = isError ? `${tool} failed (exit ${inv.code}): ${messages}` : `${tool}: ${items}${requests} request(s)`;
  return { content, text: `${head}\n${JSON.stringify(content)}`, isError };
}
