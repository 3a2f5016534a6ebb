// Downloads a registry's .mcpb package and checks it against the fileSha256 the registry gives for it.
import { createHash } from 'node:crypto';
import { MAX_BUNDLE_BYTES } from '../bundles/limits';
import { HostFault, messageOf } from '../errors';
import { registryUrlProblem } from './registryClient';

/** The bundle's bytes, only when they hash to `sha256`; https only (plain http on this computer). */
export async function downloadBundle(url: string, sha256: string | undefined): Promise<Buffer> {
  const expected = sha256?.trim().toLowerCase();
  if (!expected || !/^[a-f0-9]{64}$/.test(expected)) {
    throw new HostFault('forbidden', { id: 'host.registry.noChecksum' });
  }
  const problem = registryUrlProblem(url);
  if (problem)
    throw new HostFault('forbidden', { id: 'host.registry.badBundleAddress', values: { url, problem } });
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(120_000) });
  } catch (error) {
    throw new HostFault('server_error', {
      id: 'host.registry.downloadUnreachable',
      values: { url, error: messageOf(error) },
    });
  }
  if (!response.ok || !response.body) {
    throw new HostFault('server_error', {
      id: 'host.registry.downloadFailed',
      values: { url, status: response.status, statusText: response.statusText },
    });
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_BUNDLE_BYTES) throw new HostFault('too_large', { id: 'host.registry.bundleTooLarge' });
    chunks.push(chunk);
  }
  const bytes = Buffer.concat(chunks);
  const actual = createHash('sha256').update(bytes).digest('hex');
  if (actual !== expected) {
    throw new HostFault('forbidden', { id: 'host.registry.checksumMismatch', values: { actual, expected } });
  }
  return bytes;
}
