// `svc help <topic>` texts: exit codes and environment from cli-spec 1, input formats
// from cli-spec 3, with the README's wording. Plain strings: the build copies them into
// dist/help.json, so bin/svc.js prints them without loading the CLI bundle.

export interface HelpTopic {
  summary: string;
  text: string;
}

const EXIT_CODES = `Exit codes (the same for every command)

  0    success; for bulk jobs: every item applied or unchanged
  1    the service refused or failed (4xx/5xx after retries), or the network is down
  2    usage error or invalid input file: nothing was sent
  3    bulk job with refused items: at least one item refused, whatever happened to
       the others (--report FILE.csv says which)
  4    authentication or permission: 401, 403 (missing scope, SELLER_RESTRICTED,
       SELLER_IN_DEBT, EMAIL_NOT_VERIFIED, ...), a v2-only command with no v2 key,
       or a stored key the OS keyring cannot give back
  5    rate limit or daily quota spent and waiting was not allowed (--no-wait)
  6    cancelled: the answer to a confirmation was no; nothing was sent or changed
  130  interrupted (Ctrl-C, SIGTERM): the job journal is flushed and the resume
       command printed

An error is one line on stderr, \`error: <what happened> (<HTTP status> <code>)\`, and
where there is something to do, a second line \`hint: ...\`. stdout carries results only.

Examples:
  $ svc products bulk-price prices.csv --yes --report report.csv; echo "exit $?"
  $ svc products bulk-price prices.csv --yes || [ $? -eq 3 ]   # refused rows are in the report
  $ svc orders list --no-wait -o json > orders.json || exit $?   # 5: retry the job later
`;

const ENVIRONMENT = `Environment variables

  SVC_API_KEY     a v1 (svc_sk_...) or v2 (svc_v2_sk_...) key, told apart by prefix;
                  overrides the profile's key of that version. Keys are never taken
                  as a command-line argument.
  SVC_PROFILE     profile to use, like --profile (default: the profile marked
                  default, else "default")
  SVC_BASE_URL    service base URL, like --base-url (overrides the profile)
  SVC_CONFIG_DIR  config folder (default: ~/.config/svc on Linux,
                  ~/Library/Preferences/svc on macOS, %APPDATA%\\svc\\Config on Windows)
  SVC_STATE_DIR   job journals, webhook store, orders mirror, key-age stamps (default:
                  ~/.local/state/svc on Linux, ~/Library/Application Support/svc on
                  macOS, %LOCALAPPDATA%\\svc\\State on Windows)
  SVC_KEYRING     off: keep stored keys in the config file, not the OS keyring
  NO_COLOR        no ANSI colours (like --no-color); also FORCE_COLOR=0, TERM=dumb
  SVC_LANG        pt-BR or en: the language of messages, help and tables (default:
                  from LC_ALL, LC_MESSAGES, LANG; any Portuguese locale is pt-BR)
  TZ              time zone of the times in tables (json/csv/tsv keep the API's)
  CI              set: never prompt; a missing confirmation is an error naming the
                  flag to add (--yes)
  SVC_DEBUG       set: print the stack trace of an unexpected error

Where things live: the profiles are in config.json in the config folder (mode 0600).
\`svc auth login\` puts a key in the OS keyring (macOS Keychain, Windows Credential
Manager, Secret Service on a Linux desktop) when one is available, else in config.json;
\`svc auth status\` says where. Job journals are in SVC_STATE_DIR/jobs/, the webhook
receiver's store in SVC_STATE_DIR/webhooks/, the orders mirror in SVC_STATE_DIR/mirror/.

Examples:
  $ SVC_API_KEY="$SECRET" SVC_BASE_URL=https://marketplace.example svc orders list -o json
  $ SVC_PROFILE=shop2 svc products list --status active
  $ SVC_CONFIG_DIR=$(mktemp -d) svc sandbox   # a throwaway config for a demo
`;

const FORMATS = `Input files (checked whole before anything is sent)

Prices CSV (svc products bulk-price FILE.csv)
  Header row required. Columns: id (listing id), then price or preço (decimal in the
  platform currency, 19.90, 19,90 or R$ 19,90) or price_cents (integer); optional variant
  (the variant index: that row goes through the variants route). Price > 0 and
  <= 100000000 cents; one row per (id, variant).
    id,price,variant
    101,19.90,
    102,4.50,2

Status CSV (svc products bulk-status FILE.csv)
  Columns: id, active (true/false, 1/0, yes/no).

Variants CSV (svc products variants set ID --file F.csv)
  Columns: index, then price or price_cents, and/or stock.

Credentials (svc stock add ID --file F [--format lines|csv|jsonl])
  The format comes from the extension when --format is not given: .csv, .jsonl or
  .ndjson, anything else is lines. \`-\` reads stdin.
  lines  one credential per line; --separator --- for multi-line credentials
  csv    columns credential, optional ref, optional cost (decimal) or cost_cents
  jsonl  one {"credential": "...", "ref": "...", "costCents": 120} per line
  A credential is non-empty and at most 5000 characters; ref is 1-64 of
  [A-Za-z0-9._-] and must not look like an e-mail, login or password; cost >= 0;
  at most 10000 credentials per listing or variant.

Listing (svc products create --file listing.json|yaml)
  The v2 create body, prices in cents; --content-file adds credentials to it.

All CSV files: the delimiter , ; or TAB is detected; UTF-8 with or without BOM;
blank lines and # comment lines are ignored.

Problems are listed as FILE:LINE: message (LINE counts physical lines, the header is
line 1; the first 50, then a count) and the command exits 2 with nothing sent.
Credentials are never printed, not even in an error: they are referred to by line.

Output (-o, stdout; messages and progress go to stderr)
  table  for people: money with two decimals (19,90 in pt-BR), dates in local time (TZ honoured), the
         offset in the header: CREATED (-03:00) 2025-01-11 09:00:00. Fitted to
         the terminal: titles and names are cut with ..., ids, money and dates never;
         on a narrow terminal low-ranked columns are left out (stderr says which).
         --wide, a pipe or a file: every column, every cell whole.
  json   the API's data as returned (pages joined into one array); jsonl: one object
         a line. Money as the API gives it (v2 cents, v1 decimals).
  csv    a header row, then one row per record; tsv the same with tabs (TAB, newline
         and \\ escaped). Money is always integer cents, v1 and v2 alike, in columns named
         *_cents (price_cents, fee_cents); headers are snake_case, never translated. A
         cell starting with = + - @ (a formula to a spreadsheet) gets a leading ' unless
         the whole cell is a number.
  Text from the service or a file is untrusted: on a terminal, escape sequences,
  control characters and invisible bidi marks are removed; json escapes them
  (\\u202e). NO_COLOR, --no-color, FORCE_COLOR=0 and TERM=dumb: no escape sequence at all.

--jq EXPR (any command that prints json): the jq expression runs over the whole result,
  every page joined first; strings print raw, other values compact, one a line.

Errors as data: with -o json, --json or --jq, a failure writes, after the error: and
  hint: lines, one JSON object as the last line of stderr (stdout stays empty):
  {"error":{"status":404,"code":"NOT_FOUND","message":"listing not found","hint":null,"exit":1}}
  status: the HTTP status or null; code: the service's code (LISTING_TAKEN_DOWN), else
  one of svc's (USAGE, AUTH, NOT_FOUND, RATE_LIMITED, NETWORK, INTERRUPTED, FAILED);
  message and hint: the text also printed above (in the user's language); exit: the exit code.

Examples:
  $ svc products list -o csv > listings.csv
  $ svc products bulk-price prices.csv --dry-run
  $ svc stock add 42 --variant 1 --file creds.csv --dry-run
  $ svc stock add 42 --file multi.txt --format lines --separator ---
  $ svc orders list --all --jq '[.[] | .price] | add'
  $ svc products get 101 -o json 2> err.log || tail -1 err.log   # the error as JSON
`;

export const HELP_TOPICS: Record<string, HelpTopic> = {
  'exit-codes': { summary: 'what each exit code means, for scripts and CI', text: EXIT_CODES },
  environment: { summary: 'environment variables, and where config, keys and state live', text: ENVIRONMENT },
  formats: {
    summary: 'the input files (prices, statuses, variants, credentials, listings) and the output formats',
    text: FORMATS,
  },
};
