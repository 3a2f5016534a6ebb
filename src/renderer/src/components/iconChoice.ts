// Which of a server's icons to try first: the page's theme, then the smallest size at least as big as shown.
import type { Icon } from '../../../shared/types';

/** Icons the host may resolve (https: and data: only), best first for `size` pixels on a `theme` page. */
export function orderIcons(
  icons: readonly Icon[] | undefined,
  size: number,
  theme: 'light' | 'dark',
): Icon[] {
  const usable = (icons ?? []).filter((icon) => /^(https|data):/i.test(icon.src));
  const score = (icon: Icon): [number, number] => {
    const themeRank = icon.theme === undefined ? 1 : icon.theme === theme ? 0 : 2;
    return [themeRank, sizeRank(icon.sizes, size)];
  };
  return usable
    .map((icon, index) => ({ icon, index, score: score(icon) }))
    .sort((a, b) => a.score[0] - b.score[0] || a.score[1] - b.score[1] || a.index - b.index)
    .map((item) => item.icon);
}

/** 0 for "any" (a vector), the pixel size for one at least as big as needed, a large number for smaller ones. */
function sizeRank(sizes: readonly string[] | undefined, wanted: number): number {
  if (!sizes || sizes.length === 0) return 10_000;
  let best = Number.POSITIVE_INFINITY;
  for (const size of sizes) {
    if (size === 'any') return 0;
    const width = Number(/^(\d+)x\d+$/.exec(size)?.[1]);
    if (!Number.isFinite(width)) continue;
    best = Math.min(best, width >= wanted ? width : 100_000 - width);
  }
  return Number.isFinite(best) ? best : 10_000;
}
