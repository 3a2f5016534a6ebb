// The official example servers from the package registry, started as their READMEs say, and their views in a tool's card.
import { resolve } from 'node:path';
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './browser';

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
