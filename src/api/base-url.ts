// The base URL is checked before anything is sent (issue 14): a usage error (exit 2) at once,
// never a request retried for seconds then "network error: Invalid URL".
import { UsageError } from './errors.js';

/** The reason `text` is not a usable base URL, or undefined when it is. */
export function baseUrlProblem(text: string): string | undefined {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text.trim())) return 'has no scheme (add http:// or https://)';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return /^https?:\/\/\/*$/i.test(text.trim()) ? 'has no host' : 'is not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `has the scheme "${url.protocol.replace(/:$/, '')}"; only http and https are used`;
  }
  if (!url.hostname) return 'has no host';
  if (url.username || url.password) return 'holds a user name or password; the API key is the only credential';
  if (url.search || url.hash) return 'has a query or a fragment';
  return undefined;
}

/** Throws a UsageError naming where the bad URL came from. */
export function checkBaseUrl(text: string, from: string): string {
  const problem = baseUrlProblem(text);
  if (problem)
    throw new UsageError(`${from} ${problem}`, 'use a URL like https://marketplace.example or http://127.0.0.1:4010');
  return text;
}
