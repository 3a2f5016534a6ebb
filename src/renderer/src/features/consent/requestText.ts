// Small words and guards for the consent dialog: the argument text, safe server icons.
import type { Icon, Json } from '../../../../shared/types';

/** The arguments as the editor's starting text. */
export function argsText(args: Json): string {
  return `${JSON.stringify(args ?? {}, null, 2)}\n`;
}

const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|svg\+xml|avif|bmp|x-icon|vnd\.microsoft\.icon)[;,]/i;

/** The icon's source only when it is an inline `data:` image; remote icons are never fetched. */
export function inlineIconSrc(icon: Icon | undefined): string | undefined {
  if (!icon || typeof icon.src !== 'string') return undefined;
  return DATA_IMAGE.test(icon.src) ? icon.src : undefined;
}

/** Editor height for `text`: tall enough for short arguments, scrolling for long ones. */
export function editorHeight(text: string): number {
  const lines = text.split('\n').length;
  return Math.min(260, Math.max(72, lines * 19 + 14));
}
