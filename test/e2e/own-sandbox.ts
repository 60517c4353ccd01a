// For tests that run concurrently: a test that changes the sandbox or reads its request log
// gets a sandbox of its own; the others share one that nobody changes.
import { startTestSandbox, type TestSandbox } from './harness.js';
import type { SandboxOptions } from '../../src/sandbox/index.js';

export async function ownSandbox(fn: (sb: TestSandbox) => Promise<void>, opts: SandboxOptions = {}): Promise<void> {
  const sb = await startTestSandbox(opts);
  try {
    await fn(sb);
  } finally {
    await sb.close();
  }
}

export async function routeRequests(sb: TestSandbox, ...routes: string[]): Promise<any[]> {
  return ((await sb.control('GET', 'requests')) as any[]).filter((r) => routes.includes(r.route));
}
