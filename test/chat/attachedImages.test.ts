// An attached photo larger than the provider takes reaches the model made smaller, rather than failing the reply.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { base64Size } from '../../src/main/llm/blockText';
import { startAnthropicFixture } from '../fixtures/anthropic-server.mjs';
import { type HostHarness, type ScriptedModel, startHostHarness, startModel } from '../hostHarness';

type AnthropicRequest = {
  messages: { role: string; content: { type: string; source?: { data: string } }[] }[];
};

let model: ScriptedModel;
let anthropic: Awaited<ReturnType<typeof startAnthropicFixture>>;
let harness: HostHarness;

beforeAll(async () => {
  model = await startModel();
  anthropic = await startAnthropicFixture();
  harness = await startHostHarness({}, model, {
    providers: [
      { id: 'claude', type: 'anthropic', baseURL: anthropic.url, apiKey: 'k', models: ['claude-sonnet-4-5'] },
    ],
  });
}, 30_000);

afterAll(async () => {
  await harness?.dispose();
  await model?.close();
  await anthropic?.close();
});

it('sends an attached PNG over Anthropic’s 5 MB as a smaller PNG', { timeout: 60_000 }, async () => {
  const pixels = randomBytes(1600 * 1600 * 3);
  const png = await sharp(pixels, { raw: { width: 1600, height: 1600, channels: 3 } })
    .png()
    .toBuffer();
  expect(png.length).toBeGreaterThan(5 * 1024 * 1024);
  const { commands } = harness.host;
  const { id: upload, chunkBytes } = await commands['uploads.begin']({
    name: 'noise.png',
    mimeType: 'image/png',
    size: png.length,
  });
  for (let offset = 0; offset < png.length; offset += chunkBytes) {
    await commands['uploads.chunk']({
      id: upload,
      offset,
      data: png.subarray(offset, offset + chunkBytes).toString('base64'),
    });
  }
  const file = await commands['uploads.finish']({ id: upload });
  const { id } = await commands['chat.create']({ model: 'claude/claude-sonnet-4-5' });
  anthropic.script([{ text: 'Noise.' }]);
  await commands['chat.send']({ id, text: 'What is this?', context: [file] });
  await expect.poll(async () => (await harness.lastReply(id))?.status, { timeout: 30_000 }).toBe('done');
  const [request] = anthropic.requests() as AnthropicRequest[];
  const image = request?.messages[0]?.content.find((part) => part.type === 'image');
  const sent = image?.source?.data ?? '';
  expect(base64Size(sent)).toBeLessThanOrEqual(5 * 1024 * 1024);
  expect((await sharp(Buffer.from(sent, 'base64')).metadata()).format).toBe('png');
});
