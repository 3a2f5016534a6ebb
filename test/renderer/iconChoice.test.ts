// Which icon the window asks the host for first.
import { describe, expect, it } from 'vitest';
import { orderIcons } from '../../src/renderer/src/components/iconChoice';

describe('orderIcons', () => {
  it('offers only https: and data: icons to the host', () => {
    const icons = [
      { src: 'javascript:alert(1)' },
      { src: 'file:///etc/passwd' },
      { src: 'http://example.com/a.png' },
      { src: 'https://example.com/b.png' },
      { src: 'data:image/png;base64,AA==' },
    ];
    expect(orderIcons(icons, 16, 'light').map((icon) => icon.src)).toEqual([
      'https://example.com/b.png',
      'data:image/png;base64,AA==',
    ]);
  });

  it('prefers the page’s theme, then the smallest size that is big enough, then any size', () => {
    const icons = [
      { src: 'https://x/dark.png', theme: 'dark' as const, sizes: ['16x16'] },
      { src: 'https://x/small.png', sizes: ['8x8'] },
      { src: 'https://x/big.png', sizes: ['128x128'] },
      { src: 'https://x/fit.png', sizes: ['24x24', '32x32'] },
      { src: 'https://x/vector.svg', sizes: ['any'] },
    ];
    expect(orderIcons(icons, 16, 'dark').map((icon) => icon.src)[0]).toBe('https://x/dark.png');
    expect(orderIcons(icons, 16, 'light').map((icon) => icon.src)).toEqual([
      'https://x/vector.svg',
      'https://x/fit.png',
      'https://x/big.png',
      'https://x/small.png',
      'https://x/dark.png',
    ]);
  });
});
