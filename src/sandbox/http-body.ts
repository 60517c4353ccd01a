// Reading and parsing request bodies, shared by the API and the control routes.
import type { IncomingMessage } from 'node:http';
import { SandboxError } from './envelope.js';

const MAX_BODY_BYTES = 25 * 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new SandboxError(413, undefined, 'request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Empty body = `{}`; invalid JSON is a 400 before idempotency (there is nothing to fingerprint). */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new SandboxError(400, undefined, 'request body is not valid JSON', { error: 'Invalid JSON' });
  }
}
