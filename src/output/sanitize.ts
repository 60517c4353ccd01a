// Buyer-written text (reviews, questions, names) is untrusted: strip ANSI escapes and
// control characters before it reaches a terminal (style.md principle 10).
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]|\u009b[0-?]*[ -/]*[@-~]/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Text safe for one terminal cell: no escapes, no controls, newlines and tabs as spaces. */
export function sanitizeInline(text: string): string {
  return text.replace(ANSI, '').replace(CONTROL, '').replace(/[\r\n\t]+/g, ' ');
}

/** Text safe for a terminal block: keeps newlines, drops escapes and other controls. */
export function sanitizeBlock(text: string): string {
  return text.replace(ANSI, '').replace(/\r\n?/g, '\n').replace(/\t/g, '  ').replace(CONTROL, '');
}
