// Images over a provider's limits are made smaller (with sharp, on real images) so the model still sees them.

import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { keepResult } from '../../src/main/chat/keepResult';
import { base64Size } from '../../src/main/llm/blockText';
import { fitImage, IMAGE_LIMITS } from '../../src/main/llm/imageFit';
import { toolResultOutput } from '../../src/main/llm/toolResults';
import { KeptResults } from '../../src/main/payloads/keptResults';

const MB = 1024 * 1024;

/** A PNG of random pixels: it does not compress, so its size follows its pixels. */
async function noisePng(width: number, height: number): Promise<string> {
  const pixels = randomBytes(width * height * 3);
  return (
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer()
  ).toString('base64');
}

async function sizeOf(data: string): Promise<{ width?: number; height?: number; format?: string }> {
  return sharp(Buffer.from(data, 'base64')).metadata();
}

describe('fitImage', { timeout: 60_000 }, () => {
  it('leaves an image within the limits as it is', async () => {
    const data = await noisePng(64, 64);
    await expect(fitImage(data, 'image/png', IMAGE_LIMITS.anthropic)).resolves.toEqual({
      data,
      mimeType: 'image/png',
      width: 64,
      height: 64,
    });
  });

  it('makes an image longer than the provider allows fit its longest side', async () => {
    const data = (
      await sharp({ create: { width: 9000, height: 40, channels: 3, background: '#36c' } })
        .png()
        .toBuffer()
    ).toString('base64');
    const fitted = await fitImage(data, 'image/png', IMAGE_LIMITS.openai);
    expect(fitted).toMatchObject({ mimeType: 'image/png', width: 8000 });
    expect(await sizeOf(fitted?.data ?? '')).toMatchObject({ width: 8000, format: 'png' });
  });

  it('makes an image of more bytes than the provider allows small enough, still an image', async () => {
    const data = await noisePng(1600, 1600);
    expect(base64Size(data)).toBeGreaterThan(5 * MB);
    const fitted = await fitImage(data, 'image/png', IMAGE_LIMITS.anthropic);
    expect(base64Size(fitted?.data ?? '')).toBeLessThanOrEqual(5 * MB);
    expect((await sizeOf(fitted?.data ?? '')).width).toBeLessThan(1600);
  });

  it('gives nothing for data that is not an image', async () => {
    await expect(
      fitImage(Buffer.from('not an image').toString('base64'), 'image/png', IMAGE_LIMITS.anthropic),
    ).resolves.toBeUndefined();
  });
});

describe('a tool result with a large image', { timeout: 60_000 }, () => {
  it('reaches a model at Anthropic as a smaller image instead of one it would refuse', async () => {
    const data = await noisePng(1600, 1600);
    const { result } = await keepResult(
      {
        content: [
          { type: 'text', text: 'A photo:' },
          { type: 'image', mimeType: 'image/png', data },
        ],
      },
      {
        store: new KeptResults(mkdtempSync(join(tmpdir(), 'switchboard-kept-'))),
        conversationId: 'c1',
        budgetChars: 100_000,
        imageLimits: IMAGE_LIMITS.anthropic,
      },
    );
    const output = toolResultOutput({ status: 'done', result }, true);
    const image = output.type === 'content' ? output.value.find((part) => part.type === 'file') : undefined;
    expect(image?.type === 'file' && image.data).toMatchObject({ type: 'data' });
    const sent = image?.type === 'file' && image.data.type === 'data' ? String(image.data.data) : '';
    expect(base64Size(sent)).toBeLessThanOrEqual(5 * MB);
    expect((await sizeOf(sent)).format).toBe('png');
  });
});
