// The one place that turns a requested path or file:// URI into a real path inside the shared folders, or refuses.
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { NO_ROOTS_MESSAGE, NotFoundError, PathRefusal } from './errors';

export { PathRefusal };

/** Path rules to apply: the host's, or (in tests) the other platform's. */
export type Flavor = 'posix' | 'win32';

/** A shared folder: where the host said it is, and where it really is (symlinks resolved). */
export type RootPath = { given: string; real: string };

/** Whether a path is only looked at (must exist) or is about to be written (may not exist yet). */
export type Intent = 'read' | 'write';

const HOST_FLAVOR: Flavor = process.platform === 'win32' ? 'win32' : 'posix';
const ENCODED_SPECIAL = /%(2e|2f|5c|00)/i;
const ENCODED_SEPARATOR = /%(2f|5c)/i;
const FILE_URI = /^file:\/\/([^/?#]*)(\/[^?#]*)?([?#].*)?$/i;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/** The request as it may be echoed back in a message: no control characters, at most 200 characters. */
export function shown(input: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: replacing control characters is the point.
  const clean = input.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > 200 ? `${clean.slice(0, 197)}...` : clean;
}

/**
 * Checks the syntax of a requested path or `file://` URI and returns it as a plain path (absolute or relative).
 * URIs are percent-decoded exactly once; plain paths are taken literally. Refuses NUL bytes, encoded separators
 * and dots, double encoding, other hosts, and the other platform's drive, UNC and device tricks.
 */
export function parseRequestedPath(input: string, flavor: Flavor = HOST_FLAVOR): string {
  if (input.includes('\0')) throw new PathRefusal(`The path ${shown(input)} contains a NUL byte.`);
  if (input === '') return '.';
  const plain = /^file:/i.test(input) ? fromFileUri(input, flavor) : fromPlainPath(input);
  if (flavor === 'win32') checkWindows(plain, input);
  else checkPosix(plain, input);
  return plain;
}

function fromPlainPath(input: string): string {
  if (ENCODED_SPECIAL.test(input)) {
    throw new PathRefusal(
      `The path ${shown(input)} contains percent-encoded dots or separators (%2e, %2f, %5c); give the plain path.`,
    );
  }
  return input;
}

function fromFileUri(input: string, flavor: Flavor): string {
  const match = FILE_URI.exec(input);
  if (!match) throw new PathRefusal(`The address ${shown(input)} is not a valid file:// URI.`);
  const [, host = '', encoded = '/', extra] = match;
  if (host !== '' && host.toLowerCase() !== 'localhost') {
    throw new PathRefusal(
      `The address ${shown(input)} points to another computer; only local shared folders are available.`,
    );
  }
  if (extra) {
    throw new PathRefusal(`The address ${shown(input)} has a query or fragment; give the file's URI only.`);
  }
  if (ENCODED_SEPARATOR.test(encoded)) {
    throw new PathRefusal(`The address ${shown(input)} contains an encoded separator (%2F or %5C).`);
  }
  if (/%00/.test(encoded)) throw new PathRefusal(`The address ${shown(input)} contains a NUL byte.`);
  let decoded: string;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    throw new PathRefusal(`The address ${shown(input)} is not correctly percent-encoded.`);
  }
  if (ENCODED_SPECIAL.test(decoded)) {
    throw new PathRefusal(`The address ${shown(input)} is percent-encoded twice; encode it once.`);
  }
  for (const segment of encoded.split('/')) {
    if (!segment.includes('%')) continue;
    const plain = decodeURIComponent(segment);
    if (plain === '.' || plain === '..') {
      throw new PathRefusal(`The address ${shown(input)} hides '${plain}' in percent-encoding.`);
    }
  }
  if (flavor === 'win32' && /^\/[A-Za-z]:/.test(decoded)) return decoded.slice(1);
  return decoded;
}

function checkPosix(plain: string, input: string): void {
  if (plain.includes('\\')) {
    throw new PathRefusal(`The path ${shown(input)} uses backslashes; use / between folder names.`);
  }
  if (/^[A-Za-z]:/.test(plain)) {
    throw new PathRefusal(`The path ${shown(input)} is a Windows drive path; this computer uses / paths.`);
  }
  if (plain.startsWith('//')) {
    throw new PathRefusal(
      `The path ${shown(input)} looks like a network path; only local shared folders are available.`,
    );
  }
}

function checkWindows(plain: string, input: string): void {
  if (/^[\\/]{2}/.test(plain)) {
    throw new PathRefusal(
      `The path ${shown(input)} is a network or device path; only local shared folders are available.`,
    );
  }
  if (/^[A-Za-z]:(?![\\/])/.test(plain)) {
    throw new PathRefusal(
      `The path ${shown(input)} names a drive without a folder; give a full path or one inside a shared folder.`,
    );
  }
  if (plain.replace(/^[A-Za-z]:/, '').includes(':')) {
    throw new PathRefusal(`The path ${shown(input)} contains ':' in a name (an alternate data stream).`);
  }
  for (const segment of plain.split(/[\\/]/)) {
    if (segment === '.' || segment === '..' || segment === '') continue;
    if (/[. ]$/.test(segment)) {
      throw new PathRefusal(
        `The path ${shown(input)} has a name ending in a dot or space, which Windows would change.`,
      );
    }
    if (WINDOWS_DEVICE.test(segment)) {
      throw new PathRefusal(`The path ${shown(input)} names a reserved Windows device (${segment}).`);
    }
  }
}

/** True when `candidate` is `root` or inside it (both absolute, same flavor). */
export function isInside(root: string, candidate: string, flavor: Flavor = HOST_FLAVOR): boolean {
  const p = flavor === 'win32' ? path.win32 : path.posix;
  const rel = p.relative(root, candidate);
  if (rel === '') return true;
  if (p.isAbsolute(rel)) return false;
  return rel !== '..' && !rel.startsWith(`..${p.sep}`);
}

/**
 * The real path that `input` names inside the shared folders. Relative paths start at the first root.
 * A path that does not exist yet is checked through its nearest existing parent; reading it is then refused
 * as missing, writing it is allowed.
 */
export async function resolveInRoots(
  input: string,
  roots: readonly RootPath[],
  intent: Intent = 'read',
): Promise<string> {
  const first = roots[0];
  if (!first) throw new PathRefusal(NO_ROOTS_MESSAGE);
  const requested = parseRequestedPath(input);
  const absolute = path.resolve(first.real, requested);
  const lexicallyInside = roots.some(
    (root) => isInside(root.given, absolute) || isInside(root.real, absolute),
  );
  if (!lexicallyInside) throw new PathRefusal(`The path ${shown(input)} is outside the shared folders.`);
  const { real, exists } = await realTarget(absolute, input);
  if (!roots.some((root) => isInside(root.real, real))) {
    throw new PathRefusal(`The path ${shown(input)} leads outside the shared folders through a link.`);
  }
  if (!exists && intent === 'read') throw new NotFoundError(`Nothing exists at ${shown(input)}.`);
  return real;
}

// The real path of `absolute`, or of its nearest existing parent joined with the rest when it does not exist.
async function realTarget(absolute: string, input: string): Promise<{ real: string; exists: boolean }> {
  try {
    return { real: await realpath(absolute), exists: true };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
  }
  if (await isLink(absolute)) {
    throw new PathRefusal(`The path ${shown(input)} is a link to something that does not exist.`);
  }
  const parent = path.dirname(absolute);
  if (parent === absolute) throw new NotFoundError(`Nothing exists at ${shown(input)}.`);
  const above = await realTarget(parent, input);
  return { real: path.join(above.real, path.basename(absolute)), exists: false };
}

async function isLink(absolute: string): Promise<boolean> {
  try {
    return (await lstat(absolute)).isSymbolicLink();
  } catch {
    return false;
  }
}

/** The root that holds `real`, the first one listed when roots nest. */
export function rootOf(real: string, roots: readonly RootPath[]): RootPath | undefined {
  return roots.find((root) => isInside(root.real, real));
}

/**
 * How a path is shown to the model and the person, in a form the tools accept back: relative with `/`
 * inside the first root, absolute inside the others.
 */
export function displayPath(real: string, roots: readonly RootPath[]): string {
  const first = roots[0];
  if (!first || !isInside(first.real, real)) return real;
  const rel = path.relative(first.real, real);
  return rel === '' ? '.' : rel.split(path.sep).join('/');
}

/** The `file://` URI of a real path. */
export function fileUri(real: string): string {
  return pathToFileURL(real).href;
}
