// Images too large for a model provider, made smaller (sharp) so the model still sees them rather than losing them.
import type { ProviderType } from '../../shared/chat';
import { base64Size } from './blockText';

/** What one image may be at a provider: bytes once decoded, and pixels on its longest side. */
export type ImageLimits = { maxBytes: number; maxSide: number };

const MB = 1024 * 1024;

/** The documented limits of each kind of provider; OpenAI-compatible servers are held to OpenAI's. */
export const IMAGE_LIMITS: Record<ProviderType, ImageLimits> = {
  anthropic: { maxBytes: 5 * MB, maxSide: 8000 },
  openai: { maxBytes: 20 * MB, maxSide: 8000 },
  'openai-compatible': { maxBytes: 20 * MB, maxSide: 8000 },
  google: { maxBytes: 20 * MB, maxSide: 8000 },
};

/** Each try makes the longest side this much shorter than the last. */
const STEP = 0.7;
const TRIES = 8;

export type FittedImage = { data: string; mimeType: string; width: number; height: number };

/**
 * `data` (base64) made to fit `limits`: the same image when it already fits, else a smaller copy (JPEG stays JPEG,
 * WebP stays WebP, anything else becomes PNG). Undefined when the image cannot be read or made small enough.
 */
export async function fitImage(
  data: string,
  mimeType: string,
  limits: ImageLimits,
): Promise<FittedImage | undefined> {
  const { default: sharp } = await import('sharp');
  const input = Buffer.from(data, 'base64');
  let meta: { width?: number; height?: number };
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return undefined;
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width === 0 || height === 0) return undefined;
  if (base64Size(data) <= limits.maxBytes && Math.max(width, height) <= limits.maxSide)
    return { data, mimeType, width, height };
  const format = mimeType === 'image/jpeg' ? 'jpeg' : mimeType === 'image/webp' ? 'webp' : 'png';
  let side = Math.min(limits.maxSide, Math.max(width, height));
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const { data: out, info } = await sharp(input, { limitInputPixels: false })
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .toFormat(format)
      .toBuffer({ resolveWithObject: true });
    if (out.length <= limits.maxBytes) {
      return {
        data: out.toString('base64'),
        mimeType: `image/${format}`,
        width: info.width,
        height: info.height,
      };
    }
    side = Math.floor(side * STEP);
  }
  return undefined;
}

/**
 * The attached images among `files` that are over `limits`, made smaller where their kind stays the same (PNG, JPEG,
 * WebP); the rest as they are. `images` names the attached images by id with their type.
 */
export async function fitAttachedImages(
  files: ReadonlyMap<string, Uint8Array>,
  images: readonly { id: string; mimeType: string }[],
  limits: ImageLimits,
): Promise<Map<string, Uint8Array>> {
  const out = new Map(files);
  for (const { id, mimeType } of images) {
    const bytes = files.get(id);
    if (!bytes || !['image/png', 'image/jpeg', 'image/webp'].includes(mimeType)) continue;
    const fitted = await fitImage(Buffer.from(bytes).toString('base64'), mimeType, limits).catch(
      () => undefined,
    );
    if (fitted && fitted.mimeType === mimeType) out.set(id, Buffer.from(fitted.data, 'base64'));
  }
  return out;
}
