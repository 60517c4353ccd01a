// The `ref` of a stock item (spec 2.3): 1-64 of [A-Za-z0-9._-], NOT secret (it appears on
// orders, webhooks and the dashboard), and it "must not hold login, e-mail or password".
//
// svc decision, the rule we check (cli-spec 3 "not looking like an e-mail, login or password"):
//   1. no `@` (an e-mail address);
//   2. REF_PATTERN (1-64 letters, digits, dot, hyphen, underscore);
//   3. no word that names a secret: as a substring anywhere `password`, `passwd`, `pwd`,
//      `senha`, `login`, `username`, `usuario`, `email`, `secret`; as a whole word (between
//      `.`, `_`, `-` or a letter/digit change) `pass`, `pw`, `user`, `mail`. Whole-word for
//      the short ones so that gaming refs like `battlepass-s12` stay allowed;
//   4. when the credential shows its login or password, the ref must not equal any of them,
//      nor contain one of 4+ characters (case-insensitive). A credential shows them as
//      `login:password` (also `|`, `;` or TAB, no spaces, any number of parts) on a line, or
//      as labelled lines `Login: x`, `E-mail = y`, `Senha - z` (label naming a login, user,
//      e-mail, account or password). For an e-mail part, its local part counts too.
// Problems never quote the ref: if it does hold a secret, printing it would leak it.
import { LIMITS, REF_PATTERN } from '../assumptions.js';

const SECRET_SUBSTRINGS = ['password', 'passwd', 'pwd', 'senha', 'login', 'username', 'usuario', 'email', 'secret'];
const SECRET_WORDS = new Set(['pass', 'pw', 'user', 'mail']);
const LABEL = /^\s*([A-Za-z][A-Za-z _-]{0,30}?)\s*(?::|=|\s-\s)\s*(\S.*?)\s*$/;
const SECRET_LABEL = /login|user|usu[a\u00e1]rio|e-?mail|mail|account|conta|pass|senha|pwd|password/i;
const JOINED_PARTS = /^[^\s:|;\t]+(?:[:|;\t][^\s:|;\t]+)+$/;
/** Parts shorter than this only refuse a ref equal to them (a 2-letter password is in many words). */
const MIN_CONTAINED_PART = 4;

/** spec 2.3: the format, in the words every check uses (readers, request schemas, webhooks). */
export const REF_FORMAT = `ref must be ${LIMITS.refMin}-${LIMITS.refMax} letters, digits, dot, hyphen or underscore`;

/** Why the ref is refused, or undefined when it is fine. */
export function refProblem(ref: string, credential?: string): string | undefined {
  if (ref.includes('@')) return 'ref must not look like an e-mail address (refs are not secret)';
  if (!REF_PATTERN.test(ref)) return REF_FORMAT;
  const lower = ref.toLowerCase();
  const substring = SECRET_SUBSTRINGS.find((word) => lower.includes(word));
  if (substring) return `ref must not name a login or password (contains "${substring}")`;
  const word = refWords(ref).find((w) => SECRET_WORDS.has(w));
  if (word) return `ref must not name a login or password (contains the word "${word}")`;
  if (credential !== undefined && refHoldsCredentialPart(lower, credential)) {
    return "ref must not contain the credential's login, e-mail or password";
  }
  return undefined;
}

/** Words of a ref: split on . _ - and where letters meet digits ("user2" -> user, 2). */
function refWords(ref: string): string[] {
  return ref
    .toLowerCase()
    .split(/[._-]+|(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])/)
    .filter((w) => w !== '');
}

function refHoldsCredentialPart(lowerRef: string, credential: string): boolean {
  for (const part of secretParts(credential)) {
    if (lowerRef === part) return true;
    if (part.length >= MIN_CONTAINED_PART && lowerRef.includes(part)) return true;
  }
  return false;
}

/** The login/e-mail/password pieces a credential shows, lower-cased (see rule 4). */
export function secretParts(credential: string): Set<string> {
  const parts = new Set<string>();
  const addPart = (value: string): void => {
    const v = value.trim().toLowerCase();
    if (v === '') return;
    parts.add(v);
    const at = v.indexOf('@');
    if (at > 0) parts.add(v.slice(0, at));
  };
  for (const line of credential.split('\n')) {
    const text = line.trim();
    if (JOINED_PARTS.test(text)) {
      for (const piece of text.split(/[:|;\t]/)) addPart(piece);
      continue;
    }
    const labelled = LABEL.exec(text);
    if (labelled && SECRET_LABEL.test(labelled[1]!)) addPart(labelled[2]!);
  }
  return parts;
}
