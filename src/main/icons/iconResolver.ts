// Turns a server's icon (https: or data:) into a checked data: URI for the window: no credentials, size-limited, cached.
import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { messageOf } from '../errors';
import { writeFileAtomic } from '../storage/atomicFile';

/** An icon the window may show, or why it may not. */
export type IconOutcome = { ok: true; dataUri: string } | { ok: false; reason: string };

export type IconResolverOptions = {
  /** URL schemes the host fetches or decodes; the default, `https:` and `data:`, is the only one used outside tests. */
  schemes?: readonly string[];
  /** Largest icon, in bytes (256 KiB). */
  maxBytes?: number;
  timeoutMs?: number;
  /** Where fetched icons are kept between runs; without it they are kept for this run only. */
  cacheDir?: string;
};

export const ICON_SCHEMES = ['https:', 'data:'] as const;
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml']);
const MAX_REDIRECTS = 3;

/** Resolves icon URIs once each; every outcome (good or refused) is remembered for the run. */
export class IconResolver {
  private readonly schemes: ReadonlySet<string>;
  private readonly maxBytes: number;
  private readonly timeoutMs: number;
  private readonly known = new Map<string, Promise<IconOutcome>>();

  constructor(private readonly options: IconResolverOptions = {}) {
    this.schemes = new Set(options.schemes ?? ICON_SCHEMES);
    this.maxBytes = options.maxBytes ?? 256 * 1024;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** Whether `src` has a scheme this resolver fetches or decodes at all. */
  allows(src: string): boolean {
    return [...this.schemes].some((scheme) => src.toLowerCase().startsWith(scheme));
  }

  /** The scheme list, for messages. */
  get schemeList(): string {
    return [...this.schemes].join(' and ');
  }

  resolve(src: string): Promise<IconOutcome> {
    let outcome = this.known.get(src);
    if (!outcome) {
      outcome = this.resolveNow(src).catch((error: unknown) =>
        refused(`it could not be read (${messageOf(error)})`),
      );
      this.known.set(src, outcome);
    }
    return outcome;
  }

  private async resolveNow(src: string): Promise<IconOutcome> {
    let url: URL;
    try {
      url = new URL(src);
    } catch {
      return refused('it is not a valid address');
    }
    if (!this.schemes.has(url.protocol)) {
      return refused(
        `only ${[...this.schemes].join(' and ')} icons are shown, and this one is ${url.protocol}`,
      );
    }
    if (url.protocol === 'data:') return this.checked(decodeDataUri(src));
    const cached = await this.fromDisk(src);
    if (cached) return { ok: true, dataUri: cached };
    const outcome = this.checked(await this.fetchIcon(url));
    if (outcome.ok) await this.toDisk(src, outcome.dataUri);
    return outcome;
  }

  /** Fetches without cookies or credentials, following at most a few redirects that stay on an allowed scheme. */
  private async fetchIcon(start: URL): Promise<Body | IconOutcome> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    let url = start;
    for (let hop = 0; ; hop++) {
      const response = await fetch(url, {
        redirect: 'manual',
        credentials: 'omit',
        headers: { accept: [...IMAGE_TYPES].join(', ') },
        signal,
      });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const next = response.headers.get('location');
        if (!next || hop >= MAX_REDIRECTS) return refused('it redirects too often or nowhere');
        url = new URL(next, url);
        if (!this.schemes.has(url.protocol)) return refused(`it redirects to a ${url.protocol} address`);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        return refused(`the server answered ${response.status}`);
      }
      const declared = Number(response.headers.get('content-length') ?? NaN);
      if (declared > this.maxBytes) {
        await response.body?.cancel();
        return refused(tooBig(this.maxBytes));
      }
      const bytes = await readCapped(response, this.maxBytes);
      if (!bytes) return refused(tooBig(this.maxBytes));
      return { type: essence(response.headers.get('content-type')), bytes };
    }
  }

  private checked(body: Body | IconOutcome): IconOutcome {
    if ('ok' in body) return body;
    if (body.bytes.length > this.maxBytes) return refused(tooBig(this.maxBytes));
    if (!IMAGE_TYPES.has(body.type))
      return refused(`"${body.type || 'unknown'}" is not an image type Switchboard shows`);
    const sniffed = sniff(body.bytes);
    if (sniffed !== body.type) return refused(`its content is not the ${body.type} it claims to be`);
    return { ok: true, dataUri: `data:${body.type};base64,${body.bytes.toString('base64')}` };
  }

  private async fromDisk(src: string): Promise<string | undefined> {
    if (!this.options.cacheDir) return undefined;
    try {
      const text = await readFile(this.diskPath(src), 'utf8');
      const outcome = this.checked(decodeDataUri(text));
      return outcome.ok ? outcome.dataUri : undefined;
    } catch {
      return undefined;
    }
  }

  private async toDisk(src: string, dataUri: string): Promise<void> {
    if (!this.options.cacheDir) return;
    // The disk copy only saves a fetch at the next launch: without it the icon is shown from memory.
    await mkdir(this.options.cacheDir, { recursive: true }).catch(() => {});
    await writeFileAtomic(this.diskPath(src), dataUri).catch(() => {}); // As above.
  }

  private diskPath(src: string): string {
    return join(this.options.cacheDir ?? '', `${createHash('sha256').update(src).digest('hex')}.txt`);
  }
}

type Body = { type: string; bytes: Buffer };

function refused(reason: string): IconOutcome {
  return { ok: false, reason };
}

function tooBig(max: number): string {
  return `it is larger than ${Math.round(max / 1024)} KiB`;
}

function essence(contentType: string | null): string {
  return (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

/** `data:[<type>][;base64],<payload>` as bytes and type; a malformed one is refused. */
function decodeDataUri(src: string): Body | IconOutcome {
  const comma = src.indexOf(',');
  if (!src.startsWith('data:') || comma < 0) return refused('it is not a valid data: address');
  const header = src.slice(5, comma).split(';');
  const base64 = header.includes('base64');
  const payload = src.slice(comma + 1);
  try {
    const bytes = base64 ? Buffer.from(payload, 'base64') : Buffer.from(decodeURIComponent(payload), 'utf8');
    return { type: essence(header[0] ?? ''), bytes };
  } catch {
    return refused('it is not a valid data: address');
  }
}

async function readCapped(response: Response, max: number): Promise<Buffer | undefined> {
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The image type the bytes really are, from their first bytes; '' when none of ours. */
function sniff(bytes: Buffer): string {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const head = bytes.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'image/gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'image/webp';
  const text = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text))
    return 'image/svg+xml';
  return '';
}
