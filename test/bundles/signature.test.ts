// A bundle's signature: "unsigned" when it has none, "invalid" when it has one that does not check out.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signMcpbFile } from '@anthropic-ai/mcpb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unpackBundle } from '../../src/main/bundles/bundleFile';
import { bundle, manifest } from './bundleBuilder';

/** The parts of node-forge (the mcpb library's own signing dependency) used to make a throwaway certificate. */
type Forge = {
  pki: {
    rsa: { generateKeyPair(bits: number): { publicKey: unknown; privateKey: unknown } };
    createCertificate(): {
      publicKey: unknown;
      serialNumber: string;
      validity: { notBefore: Date; notAfter: Date };
      setSubject(attributes: { name: string; value: string }[]): void;
      setIssuer(attributes: { name: string; value: string }[]): void;
      sign(key: unknown, digest: unknown): void;
    };
    certificateToPem(certificate: unknown): string;
    privateKeyToPem(key: unknown): string;
  };
  md: { sha256: { create(): unknown } };
};
const forge = createRequire(import.meta.url)('node-forge') as Forge;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'switchboard-signature-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function signed(): Promise<Buffer> {
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = keys.publicKey;
  certificate.serialNumber = '01';
  certificate.validity.notBefore = new Date(Date.now() - 60_000);
  certificate.validity.notAfter = new Date(Date.now() + 86_400_000);
  const name = [{ name: 'commonName', value: 'Nobody You Know' }];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.sign(keys.privateKey, forge.md.sha256.create());
  await writeFile(join(dir, 'cert.pem'), forge.pki.certificateToPem(certificate));
  await writeFile(join(dir, 'key.pem'), forge.pki.privateKeyToPem(keys.privateKey));
  const file = join(dir, 'signed.mcpb');
  await writeFile(file, bundle(manifest(), { 'server/index.js': '' }));
  signMcpbFile(file, join(dir, 'cert.pem'), join(dir, 'key.pem'));
  return readFile(file);
}

describe('bundle signatures', () => {
  it('says "invalid" for a signature by a certificate nobody vouches for, and for a signed file changed after signing', async () => {
    const bytes = await signed();
    expect(bytes.includes(Buffer.from('MCPB_SIG'))).toBe(true);
    const opened = await unpackBundle(bytes, join(dir, 'bundles'), 'linux');
    expect(opened.signature).toEqual({ status: 'invalid' });
    expect(opened.manifest.name).toBe('hello-bundle');

    // A file renamed inside the zip (both of its headers), the signature block left as it was.
    const tampered = Buffer.from(
      bytes.toString('latin1').replaceAll('server/index.js', 'server/indey.js'),
      'latin1',
    );
    expect(tampered.equals(bytes)).toBe(false);
    await expect(unpackBundle(tampered, join(dir, 'bundles'), 'linux')).resolves.toMatchObject({
      signature: { status: 'invalid' },
    });
  });

  it('says "unsigned" for a bundle without a signature', async () => {
    const opened = await unpackBundle(bundle(manifest()), join(dir, 'bundles'), 'linux');
    expect(opened.signature).toEqual({ status: 'unsigned' });
  });
});
