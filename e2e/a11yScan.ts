// Checks run inside the page: WCAG contrast of rendered text, and row buttons that do not name their row.

/** A text element whose colour does not reach AA on the colour behind it. */
export type LowContrast = { text: string; ratio: number; needed: number; color: string; background: string };

/** Every visible, enabled text element below AA (4.5:1, or 3:1 for large text); colours as rendered. */
export function lowContrast(): LowContrast[] {
  type Rgba = { r: number; g: number; b: number; a: number };
  const parse = (value: string): Rgba | null => {
    const match = /rgba?\(([^)]+)\)/.exec(value);
    if (!match?.[1]) return null;
    const [r = 0, g = 0, b = 0, a = 1] = match[1]
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return { r, g, b, a };
  };
  const over = (top: Rgba, bottom: Rgba): Rgba => {
    const a = top.a + bottom.a * (1 - top.a);
    const mix = (t: number, u: number) => (a === 0 ? 0 : (t * top.a + u * bottom.a * (1 - top.a)) / a);
    return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a };
  };
  const luminance = ({ r, g, b }: Rgba) => {
    const f = (v: number) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (x: Rgba, y: Rgba) => {
    const [light, dark] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
    return (light + 0.05) / (dark + 0.05);
  };
  const backgroundOf = (element: Element): Rgba => {
    const layers: Rgba[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const color = parse(getComputedStyle(node).backgroundColor);
      if (color && color.a > 0) {
        layers.push(color);
        if (color.a >= 1) break;
      }
    }
    const last = layers.at(-1);
    let base =
      last && last.a >= 1
        ? (layers.pop() as Rgba)
        : (parse(getComputedStyle(document.body).backgroundColor) as Rgba);
    for (let index = layers.length - 1; index >= 0; index -= 1) base = over(layers[index] as Rgba, base);
    return base;
  };
  const opacityOf = (element: Element) => {
    let opacity = 1;
    for (let node: Element | null = element; node; node = node.parentElement) {
      opacity *= Number(getComputedStyle(node).opacity);
    }
    return opacity;
  };
  const found: LowContrast[] = [];
  for (const element of document.querySelectorAll('body *')) {
    // Disabled controls are exempt from WCAG contrast; Monaco and app views style themselves.
    if (element.closest('.monaco-editor, iframe, [aria-hidden="true"], :disabled, [aria-disabled="true"]'))
      continue;
    const text = [...element.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent?.trim() ?? '')
      .join(' ')
      .trim();
    if (!text) continue;
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    // Visually hidden text (a 1px clip for screen readers) is not seen, so not measured.
    if (box.width <= 1 || box.height <= 1 || style.visibility !== 'visible') continue;
    const opacity = opacityOf(element);
    if (opacity === 0) continue;
    const background = backgroundOf(element);
    const own = parse(style.color) as Rgba;
    const color = over({ ...own, a: own.a * opacity }, background);
    const size = Number.parseFloat(style.fontSize);
    const needed = size >= 24 || (Number(style.fontWeight) >= 700 && size >= 18.66) ? 3 : 4.5;
    const measured = ratio(color, background);
    if (measured < needed) {
      const rgb = (c: Rgba) => `rgb(${Math.round(c.r)}, ${Math.round(c.g)}, ${Math.round(c.b)})`;
      found.push({
        text: text.slice(0, 60),
        ratio: Math.round(measured * 100) / 100,
        needed,
        color: rgb(color),
        background: rgb(background),
      });
    }
  }
  return found;
}

/**
 * Button names that repeat across rows of one list whose contents differ: such a button does not say
 * which row it acts on (two rows that read the same may share names).
 */
export function unnamedRowButtons(): string[] {
  const nameOf = (button: Element): string => {
    const labelledBy = button.getAttribute('aria-labelledby');
    if (labelledBy) {
      return labelledBy
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
        .join(' ');
    }
    return (button.getAttribute('aria-label') ?? button.textContent ?? '').replace(/\s+/g, ' ').trim();
  };
  const LISTS = 'ul, ol, tbody, [role="tree"], [role="grid"]';
  const repeated: string[] = [];
  for (const list of document.querySelectorAll(LISTS)) {
    /** Button name → the text of the first row that has it. */
    const seen = new Map<string, string>();
    for (const row of list.children) {
      const rowText = (row.textContent ?? '').replace(/\s+/g, ' ').trim();
      for (const button of row.querySelectorAll('button, [role="button"]')) {
        if (button.closest('[aria-hidden="true"]') || button.closest(LISTS) !== list) continue;
        const name = nameOf(button);
        const first = seen.get(name);
        if (first === undefined) seen.set(name, rowText);
        else if (first !== rowText && !repeated.includes(name)) repeated.push(name);
      }
    }
  }
  return repeated;
}

/** Resolves once the next frame is drawn and every transition or animation that ends has ended. */
export async function transitionsEnded(): Promise<void> {
  await new Promise(requestAnimationFrame);
  const ending = document
    .getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
  await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
}
