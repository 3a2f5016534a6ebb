// The documentation holds together: every relative link and anchor leads somewhere, every file it names exists, and the README keeps the commands CI reads.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..');
const pages = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

const read = (page: string) => readFileSync(join(root, page), 'utf8');
const withoutCode = (text: string) => text.replace(/```[\s\S]*?```/g, '');

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(page: string): Set<string> {
  const headings = withoutCode(read(page)).match(/^#{1,6} .+$/gm) ?? [];
  return new Set(headings.map((line) => anchorOf(line.replace(/^#+ /, ''))));
}

/** Every broken relative link of `page`, as `target` with what is wrong. */
function brokenLinks(page: string, text: string): string[] {
  const broken: string[] = [];
  for (const [, target = ''] of withoutCode(text).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target)) continue;
    const [path, fragment] = target.split('#') as [string, string | undefined];
    const file = path ? normalize(join(dirname(page), path)) : page;
    if (!existsSync(join(root, file))) broken.push(`${target}: no such file`);
    else if (fragment && file.endsWith('.md') && !anchorsOf(file).has(fragment))
      broken.push(`${target}: no such heading`);
  }
  return broken;
}

describe('the documentation', () => {
  it.each(pages)('%s links only to files and headings that exist', (page) => {
    expect(brokenLinks(page, read(page))).toEqual([]);
  });

  it('finds a broken link and a missing heading', () => {
    const text =
      '[gone](docs/nowhere.md) [lost](docs/sandbox.md#no-such-part) [kept](docs/sandbox.md#network)';
    expect(brokenLinks('README.md', text)).toEqual([
      'docs/nowhere.md: no such file',
      'docs/sandbox.md#no-such-part: no such heading',
    ]);
  });

  it.each(pages)('%s names only source, test and script files that exist', (page) => {
    const named = withoutCode(read(page)).match(/`((?:src|test|e2e|scripts|bench|\.ci)\/[\w./-]+)`/g) ?? [];
    const missing = named
      .map((quoted) => quoted.slice(1, -1))
      .filter((path) => !existsSync(join(root, path)));
    expect(missing).toEqual([]);
  });

  it('keeps the quick start commands, the test command CI runs among them', () => {
    const readme = read('README.md');
    expect(readme).toContain('npm ci && npm start    # the app\nnpm ci && npm test     # every test\n');
    expect(read('.ci/run')).toMatch(/# The test command from README\.md\.\nnpm test\n/);
  });

  it('keeps the README short', () => {
    expect(read('README.md').length).toBeLessThan(12_000);
  });
});
