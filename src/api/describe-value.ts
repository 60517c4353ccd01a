// How the response layer names a value's kind in a message (answers.ts, answer-explain.ts).

/** A type name for the message; never the value itself (untrusted, possibly huge). */
export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  switch (typeof v) {
    case 'string':
      return 'a string';
    case 'number':
      return Number.isFinite(v) ? 'a number' : 'not a finite number';
    case 'boolean':
      return 'a boolean';
    case 'object':
      return 'an object';
    case 'undefined':
      return 'missing';
    default:
      return typeof v;
  }
}
