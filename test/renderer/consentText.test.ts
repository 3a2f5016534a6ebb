// The consent surfaces' words: English exactly as before the catalogues, and German and Chinese really translated.
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createIntl, RawIntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { LaunchDetails } from '../../src/renderer/src/features/approvals/LaunchDetails';
import { NetworkChoice } from '../../src/renderer/src/features/approvals/NetworkChoice';
import { ArgsEditTrace } from '../../src/renderer/src/features/consent/ArgsEditTrace';
import { DefinitionDiff } from '../../src/renderer/src/features/consent/DefinitionDiff';
import { FlowBadges, HoldWarning } from '../../src/renderer/src/features/consent/FlowNotes';
import { SamplingToolsSection } from '../../src/renderer/src/features/requests/SamplingTools';
import { UrlElicitation } from '../../src/renderer/src/features/requests/UrlElicitation';
import { loadMessages } from '../../src/renderer/src/i18n/catalogues';
import type { Locale } from '../../src/renderer/src/i18n/locales';
import type { ToolLabels } from '../../src/shared/flow';
import type { SamplingRequest } from '../../src/shared/requests';

async function render(locale: Locale, node: ReactNode): Promise<string> {
  const intl = createIntl({ locale, defaultLocale: 'en', messages: await loadMessages(locale) });
  const html = renderToStaticMarkup(createElement(RawIntlProvider, { value: intl }, node));
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

const off: ToolLabels = {
  privateData: { on: false, source: 'default', why: 'nothing says so' },
  outsideContent: { on: false, source: 'default', why: 'nothing says so' },
  sendsOut: { on: false, source: 'default', why: 'nothing says so' },
  runsCode: { on: false, source: 'default', why: 'nothing says so' },
};

describe('the consent card’s words', () => {
  it('shows the arguments’ edit trace as before in English, translated in German', async () => {
    const trace = createElement(ArgsEditTrace, {
      before: { a: 1 },
      after: { a: 2 },
      viaView: 'show_counter',
    });
    const en = await render('en', trace);
    expect(en).toContain('Arguments changed by you');
    expect(en).toContain(
      'Lines with − are what the view of show_counter asked for; lines with + are what you sent instead.',
    );
    expect(en).toContain('1 line added (+), 1 line removed (−).');
    expect(await render('de', trace)).toContain('Von Ihnen geänderte Argumente');
  });

  it('says a suspended permission and why a call is held', async () => {
    const diff = createElement(DefinitionDiff, { change: { before: 'a\n', after: 'b\n', scope: 'always' } });
    expect(await render('en', diff)).toContain(
      'You chose “Always allow” for this tool before, but the server has changed the tool’s definition since, so that permission is suspended. Check the change below before you allow it again.',
    );
    expect(await render('zh-CN', diff)).toContain('“始终允许”');
    const hold = createElement(HoldWarning, { hold: { reason: 'policy', grant: 'always' } });
    expect(await render('en', hold)).toBe(
      'Held for you. Your organisation’s policy asks you to decide every call of this tool yourself.Your “Always allow” would have run it; it does not cover this call now. You can allow this one call or deny it.',
    );
    expect(await render('de', hold)).toContain('Für Sie zurückgehalten.');
  });

  it('lists the flow labels none of which is on', async () => {
    expect(await render('en', createElement(FlowBadges, { labels: off }))).toBe(
      'What Switchboard knows it can doNone of: reads private data, brings in outside content, can send data out, runs code.',
    );
    expect(await render('zh-CN', createElement(FlowBadges, { labels: off }))).toContain(
      '读取私人数据、引入外部内容',
    );
  });
});

describe('server approvals and requests', () => {
  it('shows what a server runs and its network choice', async () => {
    const launch = {
      transport: 'stdio' as const,
      command: 'npx',
      args: ['-y', 'server'],
      env: [],
      sandbox: 'off' as const,
    };
    const details = await render('en', createElement(LaunchDetails, { launch: launch as never }));
    expect(details).toContain('Command line (the program and each argument, exactly as given; no shell)');
    expect(details).toContain('Environment variablesnone');
    const network = createElement(NetworkChoice, {
      launch: launch as never,
      pick: { kind: 'any', hosts: '' },
      onChange: () => {},
    });
    expect(await render('en', network)).toBe(
      'Its sandbox is turned off ("sandbox": false): it will see and change everything you can, and reach any host.',
    );
    expect(await render('de', network)).toContain('Seine Sandbox ist ausgeschaltet');
  });

  it('warns about a link and names the tools a sampling request offers', async () => {
    // In a browser tab (no desktop host), "Open in browser" opens the page itself.
    (globalThis as { window?: object }).window = {};
    const url = createElement(UrlElicitation, { url: 'http://user@example.com/x', server: 'docs' });
    const en = await render('en', url);
    expect(en).toContain('Site: example.com');
    expect(en).toContain(
      'The link has text before an “@”. It does not go to “user”: the site is example.com.',
    );
    expect(en).toContain(
      '“Open in browser” opens this address in a new tab at once, so check it above first.',
    );
    expect(await render('de', url)).toContain('Website: example.com');
    delete (globalThis as { window?: object }).window;
    const request = {
      server: 'docs',
      tools: [{ name: 'lookup', inputSchema: {} }],
      toolChoice: 'required',
    } as unknown as SamplingRequest;
    expect(await render('en', createElement(SamplingToolsSection, { request }))).toContain(
      "The server asks that the model use at least one. A tool the model asks for is not run by Switchboard: the request goes back to docs, which runs it and may ask again with the result. None of your other servers' tools are used.",
    );
  });
});
