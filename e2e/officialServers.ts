// The official example servers from the package registry, started as their READMEs say, and their views in a tool's card.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import type { ToolAuditEntry } from '../src/shared/consent';
import { CHROMIUM_ARGS, chromiumExecutable } from './browser';
import type { RunningHost } from './host';
import { invoke } from './hostApi';

/** The entry that starts `@modelcontextprotocol/server-<name>` with `args`, as `npx` would. */
export function officialServer(name: string, ...args: string[]) {
  return {
    command: process.execPath,
    args: [resolve(`node_modules/@modelcontextprotocol/server-${name}/dist/index.js`), ...args],
  };
}

/**
 * Chromium resolving no name but loopback: a view that declares a CDN (PDF.js fonts, map tiles, sound
 * fonts) fails at once here instead of sending a lookup off this machine.
 */
export const LOOPBACK_ONLY = {
  executablePath: chromiumExecutable(),
  args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'],
};

/** The card of the model's call of `tool` (the last one, when it was called more than once). */
export const toolCard = (page: Page, tool: string): Locator =>
  page.getByRole('group', { name: `Tool call ${tool}` }).last();

/** The view inside the card of `tool` on `server`: the sandbox frame, then the view's own frame. */
export function viewIn(card: Locator, server: string, tool: string): FrameLocator {
  return card.getByTitle(`View of ${tool} (${server})`).contentFrame().getByTitle('App view').contentFrame();
}

/** The dialog for a view's own tool calls (they have no card of their own). */
export const viewCallDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Allow tool call?' });

/** Writes a one-page PDF with a red and a blue rectangle and no text, so no viewer needs a font from the network. */
export async function writeShapesPdf(path: string): Promise<void> {
  const content = '0.9 0.1 0.1 rg 100 500 400 200 re f 0.1 0.3 0.8 rg 150 200 300 150 re f';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const at = pdf.length;
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const table = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) pdf += `${String(at).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${table}\n%%EOF\n`;
  await writeFile(path, pdf, 'latin1');
}

/** The audit entries of `tool`'s calls, oldest first. */
export async function callsOf(host: RunningHost, tool: string): Promise<ToolAuditEntry[]> {
  const entries = await invoke(host, 'audit.list', {});
  return entries
    .filter((entry): entry is ToolAuditEntry => (entry.kind ?? 'tool') === 'tool')
    .filter((entry) => entry.tool === tool)
    .sort((a, b) => a.time - b.time);
}

/** Clicks a basic example's "Get server time" until its call asks in `dialog` (a click before the example's framework wires the button goes nowhere). */
export async function askForTime(view: FrameLocator, dialog: Locator): Promise<void> {
  await expect(async () => {
    await view.getByRole('button', { name: /get server time/i }).click();
    await expect(dialog).toContainText('get-time', { timeout: 3_000 });
  }).toPass();
}
