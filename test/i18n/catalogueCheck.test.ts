// The catalogue check: it finds words written into the page's code and gaps in a language, and the repository has none.
import { describe, expect, it } from 'vitest';
import { checkCatalogues, checkRepository, findHardCoded, usedIds } from '../../scripts/i18nCheck';

const problems = (source: string) => findHardCoded('Example.tsx', source).map((finding) => finding.problem);

describe('words written into the code', () => {
  it('finds text, visible attributes and sentences outside the catalogues', () => {
    expect(
      problems(`export function A({ n }: { n: number }) {
  const note = 'Could not reach the host';
  return (
    <div className="box" role="status" data-state="open">
      <button type="button" aria-label="Close" title={'Close settings'}>Send now</button>
      <input placeholder="Search servers" />
      {n > 1 ? 'Several tools' : null}
      <Field label={\`Name of \${n}\`} />
    </div>
  );
}`),
    ).toEqual([
      'words for people: "Could not reach the host"',
      'aria-label="Close"',
      'title="Close settings"',
      'text in JSX: "Send now"',
      'placeholder="Search servers"',
      'words for people: "Several tools"',
      'label="Name of {}"',
    ]);
  });

  it('lets translated text, code words and marked literals through', () => {
    expect(
      problems(`import { useT } from './i18n';
export function A() {
  const t = useT();
  // i18n-ignore: sent to the model, not shown
  const toModel = 'The person declined this call.';
  return (
    <div className="chat-title" role="status" aria-live="polite">
      <button type="button" onClick={() => run('chat.send')} aria-label={t('chat.close')}>{t('chat.send', { count: 2 })}</button>
      <kbd>⌘</kbd> · →
    </div>
  );
}`),
    ).toEqual([]);
  });

  it('knows which ids a file asks for', () => {
    expect(
      usedIds(
        `t('chat.send'); translate('host.x.y', {}); <Message id="a.b" />; new HostFault('x', { id: 'host.c.d' })`,
      ),
    ).toEqual(['chat.send', 'host.x.y', 'a.b', 'host.c.d']);
  });
});

describe('the catalogues', () => {
  const english = {
    'a.count': '{count, plural, one {# tool} other {# tools}}',
    'a.name': '{name} is not running',
    'a.long': 'The server stopped before it answered the request.',
  };

  it('accepts a complete translation', () => {
    const zh = {
      'a.count': '{count, number} 个工具',
      'a.name': '{name} 未在运行',
      'a.long': '服务器在回应请求之前停止了。',
    };
    expect(checkCatalogues(english, { 'zh-CN': zh }, 'x')).toEqual([]);
  });

  it('finds a missing or extra message, a wrong argument, broken ICU and English left in place', () => {
    const de = {
      'a.count': '{count, plural, one {# Tool} other {# Tools}',
      'a.name': '{server} läuft nicht',
      extra: 'x',
    };
    const zh = {
      'a.count': '{count, number} 个工具',
      'a.name': '{name} 未在运行',
      'a.long': english['a.long'],
    };
    expect(checkCatalogues(english, { de, 'zh-CN': zh }, 'x').map((finding) => finding.problem)).toEqual([
      'de lacks a.long',
      'de has extra, which English lacks',
      expect.stringMatching(/^de a\.count: not valid ICU/),
      'de a.name: arguments {server} differ from English {name}',
      'zh-CN a.long: still English',
    ]);
  });
});

describe('this repository', () => {
  it('has no words for people outside the catalogues, and every language complete', () => {
    expect(checkRepository()).toEqual([]);
  });
});
