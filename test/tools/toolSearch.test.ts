// Ranking tools for a query over 1,000 tools of 40 services: names, titles, descriptions and the server's name.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueTool } from '../../src/main/chat/modelTools';
import { summaryOf, ToolIndex } from '../../src/main/tools/toolSearch';
import { wholeCatalogue } from './catalogueViews';

let catalogue: CatalogueTool[];
let index: ToolIndex;

beforeAll(async () => {
  catalogue = await wholeCatalogue();
  index = new ToolIndex(catalogue);
});

const top = (query: string, count = 10) => index.search(query, count).map((found) => found.name);

describe('ToolIndex.search', () => {
  it('finds the one tool a task names first', () => {
    expect(top('create issue')[0]).toBe('github__create_issue');
    expect(top('delete a DNS record')[0]).toBe('cloudflare__delete_dns_record');
    expect(top('refund a payment')[0]).toBe('stripe__create_refund');
  });

  it('takes the server’s name as a field: a service’s own tools come first', () => {
    const found = top('github pull request', 5);
    expect(found).toHaveLength(5);
    for (const name of found) expect(name).toMatch(/^github__\w+_pull_request$/);
  });

  it('matches plurals, camel case and word parts the same way', () => {
    expect(top('kubernetes pods', 5).every((name) => name.startsWith('kubernetes__'))).toBe(true);
    expect(top('listPods')[0]).toBe('kubernetes__list_pod');
    expect(top('invoices')).toContain('stripe__list_invoice');
  });

  it('returns at most the limit, with server, tool and a one-line description', () => {
    const found = index.search('list', 10);
    expect(found).toHaveLength(10);
    expect(found[0]).toMatchObject({ server: expect.any(String), tool: expect.stringMatching(/^list_/) });
    expect(found[0]?.description).toMatch(/^Lists the /);
  });

  it('finds nothing for a query without words or words no tool has', () => {
    expect(index.search('  ?! ', 10)).toEqual([]);
    expect(index.search('zzyzx qwv', 10)).toEqual([]);
  });
});

describe('summaryOf', () => {
  it('keeps the first line or sentence, cut to 160 characters', () => {
    expect(summaryOf('Creates a thing. Then more.')).toBe('Creates a thing.');
    expect(summaryOf('First line\nsecond line')).toBe('First line');
    expect(summaryOf('x'.repeat(400))).toHaveLength(160);
    expect(summaryOf('   ')).toBeUndefined();
  });
});
