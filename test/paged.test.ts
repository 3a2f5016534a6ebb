// A server that pages every list: the host shows the complete lists, in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConnection } from '../src/main/servers/session/connection';
import { Connections, fixtureEntry } from './helpers';

const connections = new Connections();
let paged: ServerConnection;

const names = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}-${String(i + 1).padStart(2, '0')}`);

const requests = (method: string) =>
  paged
    .wire()
    .filter((frame) => frame.direction === 'out' && (frame.message as { method?: string }).method === method)
    .map((frame) => (frame.message as { params?: { cursor?: string } }).params?.cursor);

beforeAll(async () => {
  paged = connections.create('paged', fixtureEntry('paged.mjs'));
  await paged.start();
}, 30_000);

afterAll(() => connections.stopAll(), 20_000);

describe('a server that pages its lists', { timeout: 20_000 }, () => {
  it('becomes running', () => {
    const view = paged.view();
    expect(view.state.kind, JSON.stringify(view.state)).toBe('running');
    expect(view.info).toMatchObject({ name: 'paged', version: '1.0.0' });
  });

  it('lists all 25 tools across three pages', () => {
    expect(paged.view().tools.map((tool) => tool.name)).toEqual(names('tool', 25));
    expect(requests('tools/list')).toEqual([undefined, 'page-10', 'page-20']);
  });

  it('lists all 12 prompts across three pages', () => {
    expect(paged.view().prompts.map((prompt) => prompt.name)).toEqual(names('prompt', 12));
    expect(requests('prompts/list')).toHaveLength(3);
  });

  it('lists all 23 resources across three pages', () => {
    const resources = paged.view().resources;
    expect(resources.map((resource) => resource.name)).toEqual(names('resource', 23));
    expect(resources[22]).toMatchObject({ uri: 'paged://resource/23', mimeType: 'text/plain' });
    expect(requests('resources/list')).toHaveLength(3);
  });

  it('lists all 7 resource templates across three pages', () => {
    expect(paged.view().resourceTemplates.map((template) => template.name)).toEqual(names('template', 7));
    expect(requests('resources/templates/list')).toEqual([undefined, 'page-3', 'page-6']);
  });
});
