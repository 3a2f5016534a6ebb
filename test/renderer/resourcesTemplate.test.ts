// RFC 6570 URI templates: variables and expansion at levels 1 to 4 (examples from the RFC).
import { describe, expect, it } from 'vitest';
import {
  expandTemplate,
  parseTemplate,
  templateVariables,
} from '../../src/renderer/src/features/resources/uriTemplate';

const values = {
  count: ['one', 'two', 'three'],
  dom: ['example', 'com'],
  dub: 'me/too',
  hello: 'Hello World!',
  half: '50%',
  var: 'value',
  who: 'fred',
  base: 'http://example.com/home/',
  path: '/foo/bar',
  list: ['red', 'green', 'blue'],
  v: '6',
  x: '1024',
  y: '768',
  empty: '',
  empty_keys: [],
  undef: undefined,
};

describe('templateVariables', () => {
  it('lists every variable once, in order, for every operator', () => {
    expect(templateVariables('db://main/{table}/{id}')).toEqual(['table', 'id']);
    expect(templateVariables('file:///{+path}{/seg*}{?a,b}{&c}{#frag}{.ext}{;p:3}')).toEqual([
      'path',
      'seg',
      'a',
      'b',
      'c',
      'frag',
      'ext',
      'p',
    ]);
    expect(templateVariables('x://{a}/{a}')).toEqual(['a']);
    expect(templateVariables('x://no-variables')).toEqual([]);
  });

  it('keeps malformed expressions as literal text', () => {
    expect(parseTemplate('x://{bad name}/{ok}')).toEqual([
      'x://{bad name}/',
      { operator: '', vars: [{ name: 'ok', explode: false }] },
    ]);
    expect(templateVariables('x://{unclosed')).toEqual([]);
  });
});

describe('expandTemplate', () => {
  const cases: [string, string][] = [
    // Level 1
    ['{var}', 'value'],
    ['{hello}', 'Hello%20World%21'],
    // Level 2
    ['{+var}', 'value'],
    ['{+hello}', 'Hello%20World!'],
    ['{+path}/here', '/foo/bar/here'],
    ['here?ref={+path}', 'here?ref=/foo/bar'],
    ['X{#var}', 'X#value'],
    ['X{#hello}', 'X#Hello%20World!'],
    // Level 3
    ['map?{x,y}', 'map?1024,768'],
    ['{x,hello,y}', '1024,Hello%20World%21,768'],
    ['{+x,hello,y}', '1024,Hello%20World!,768'],
    ['{+path,x}/here', '/foo/bar,1024/here'],
    ['{#x,hello,y}', '#1024,Hello%20World!,768'],
    ['X{.var}', 'X.value'],
    ['X{.x,y}', 'X.1024.768'],
    ['{/var}', '/value'],
    ['{/var,x}/here', '/value/1024/here'],
    ['{;x,y}', ';x=1024;y=768'],
    ['{;x,y,empty}', ';x=1024;y=768;empty'],
    ['{?x,y}', '?x=1024&y=768'],
    ['{?x,y,empty}', '?x=1024&y=768&empty='],
    ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
    ['{&x,y,empty}', '&x=1024&y=768&empty='],
    // Level 4
    ['{var:3}', 'val'],
    ['{var:30}', 'value'],
    ['{list}', 'red,green,blue'],
    ['{list*}', 'red,green,blue'],
    ['{+path:6}/here', '/foo/b/here'],
    ['{/list*,path:4}', '/red/green/blue/%2Ffoo'],
    ['{;list}', ';list=red,green,blue'],
    ['{;list*}', ';list=red;list=green;list=blue'],
    ['{?list}', '?list=red,green,blue'],
    ['{?list*}', '?list=red&list=green&list=blue'],
    ['{&list*}', '&list=red&list=green&list=blue'],
    ['{.dom*}', '.example.com'],
    // Undefined and empty lists are left out
    ['{?undef,x}', '?x=1024'],
    ['{/empty_keys*}', ''],
    ['{?undef}', ''],
    // Percent-encoded triplets survive reserved expansion only
    ['{+half}', '50%25'],
    ['{half}', '50%25'],
  ];

  it.each(cases)('%s → %s', (template, expected) => {
    expect(expandTemplate(template, values)).toBe(expected);
  });

  it('encodes UTF-8 and keeps existing triplets in reserved expansion', () => {
    expect(expandTemplate('{x}', { x: 'ü' })).toBe('%C3%BC');
    expect(expandTemplate('{+x}', { x: '%C3%BC/a' })).toBe('%C3%BC/a');
    expect(expandTemplate('db://main/{table}/{id}', { table: 'users', id: '42' })).toBe('db://main/users/42');
  });
});
