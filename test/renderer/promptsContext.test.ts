// Context for the next message: adding and replacing items, summaries, completion notes, resource items and files.
import { describe, expect, it } from 'vitest';
import {
  contentSummary,
  contextLabel,
  messageCount,
  moreText,
} from '../../src/renderer/src/features/prompts/contentText';
import { resourceItem } from '../../src/renderer/src/features/resources/contextItems';
import { fileNameFor, withExtension } from '../../src/renderer/src/features/resources/saveContents';
import { templateFields } from '../../src/renderer/src/features/resources/uriTemplate';
import { addContext, resourcesInitial, updateKey } from '../../src/renderer/src/store/resourcesSlice';
import { contextItemSchema } from '../../src/shared/contract';
import type { ContextItem } from '../../src/shared/resources';

const prompt = (name: string): ContextItem => ({
  kind: 'prompt',
  server: 'everything',
  name,
  messages: [{ role: 'user', content: { type: 'text', text: `text of ${name}` } }],
});
const resource = (uri: string, text = 'x'): Extract<ContextItem, { kind: 'resource' }> => ({
  kind: 'resource',
  server: 'files',
  uri,
  contents: [{ uri, text }],
});

describe('addContext', () => {
  it('keeps one prompt, first, and replaces it with the next one', () => {
    const list = addContext(addContext([resource('file:///a')], prompt('one')), prompt('two'));
    expect(list.map((item) => (item.kind === 'prompt' ? item.name : 'uri' in item ? item.uri : ''))).toEqual([
      'two',
      'file:///a',
    ]);
  });

  it('adds resources in order and replaces the same resource of the same server', () => {
    let list = addContext([], resource('file:///a', 'old'));
    list = addContext(list, resource('file:///b'));
    list = addContext(list, resource('file:///a', 'new'));
    expect(list).toHaveLength(2);
    expect(list[0]?.kind === 'resource' ? list[0].contents[0]?.text : '').toBe('new');
    const other: ContextItem = { ...resource('file:///a'), server: 'other' };
    expect(addContext(list, other)).toHaveLength(3);
  });

  it('starts empty and keys updates by server and URI', () => {
    expect(resourcesInitial.composerContext).toEqual({});
    expect(updateKey('a', 'x://b')).not.toBe(updateKey('a:', '//b'));
  });
});

describe('summaries', () => {
  it('says what each kind of content is in one line', () => {
    expect(contentSummary({ type: 'text', text: 'hi' })).toBe('hi');
    expect(contentSummary({ type: 'image', data: 'aGk=', mimeType: 'image/png' })).toBe('[image image/png]');
    expect(contentSummary({ type: 'resource', resource: { uri: 'file:///a', text: 'body' } })).toBe('body');
    expect(contentSummary({ type: 'resource', resource: { uri: 'file:///a', blob: 'aGk=' } })).toBe(
      '[resource file:///a]',
    );
    expect(contentSummary({ type: 'resource_link', uri: 'file:///a', name: 'a' })).toBe('[link file:///a]');
    expect(messageCount(1)).toBe('1 message');
    expect(messageCount(3)).toBe('3 messages');
    expect(contextLabel({ ...prompt('p'), kind: 'prompt', title: 'Nice' } as ContextItem)).toBe('Nice');
    expect(contextLabel(resource('file:///a'))).toBe('file:///a');
  });

  it('tells how many suggestions the server held back', () => {
    expect(moreText({ values: ['a', 'b'], total: 10 })).toBe('8 more (10 in all)');
    expect(moreText({ values: ['a'], hasMore: true })).toMatch(/keep typing/);
    expect(moreText({ values: ['a'], total: 1, hasMore: false })).toBeNull();
    expect(moreText({ values: [] })).toBeNull();
  });
});

describe('resourceItem', () => {
  it('keeps only the fields the contract allows, so chat.send accepts it', () => {
    const contents = [
      { uri: 'file:///a', mimeType: 'text/plain', text: 'hello', _meta: { extra: true } },
      { uri: 'file:///b', blob: 'aGk=' },
    ];
    const item = resourceItem('files', 'file:///a', 'a.txt', contents);
    expect(item).toEqual({
      kind: 'resource',
      server: 'files',
      uri: 'file:///a',
      name: 'a.txt',
      contents: [
        { uri: 'file:///a', mimeType: 'text/plain', text: 'hello' },
        { uri: 'file:///b', blob: 'aGk=' },
      ],
    });
    expect(contextItemSchema.safeParse(item).success).toBe(true);
    expect(contextItemSchema.safeParse(resourceItem('files', 'file:///a', undefined, [])).success).toBe(true);
  });
});

describe('templateFields', () => {
  it('requires path variables and leaves query variables optional', () => {
    expect(templateFields('db://main/{table}/{id}{?limit,offset}')).toEqual([
      { name: 'table', required: true },
      { name: 'id', required: true },
      { name: 'limit', required: false },
      { name: 'offset', required: false },
    ]);
    expect(templateFields('x://{a}{?a}')).toEqual([{ name: 'a', required: true }]);
  });
});

describe('file names for downloads', () => {
  it('takes the last URI segment, decoded and made safe, else "resource"', () => {
    expect(fileNameFor('file:///a/b/report%20final.pdf?x=1')).toBe('report final.pdf');
    expect(fileNameFor('blob://store/item-13.bin')).toBe('item-13.bin');
    expect(fileNameFor('db://main/a:b')).toBe('a_b');
    expect(fileNameFor('urn:')).toBe('resource');
    expect(withExtension('picture', 'image/png')).toBe('picture.png');
    expect(withExtension('item.bin', 'application/octet-stream')).toBe('item.bin');
    expect(withExtension('data', undefined)).toBe('data');
  });
});
