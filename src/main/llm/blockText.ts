// Content blocks (of tool results, prompts and resources) as the plain text a model reads where it cannot take them as they are.
import type { ResourceContentsView } from '../../shared/resources';
import type { ContentBlock } from '../../shared/types';

export const IMAGE_OMITTED = '[image omitted: the model cannot see images]';

/** A content block as text; `toolStyle` keeps the wording tool results have always had. */
export function blockText(block: ContentBlock, toolStyle = true): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
      return IMAGE_OMITTED;
    case 'audio':
      return `[audio omitted (${block.mimeType}): the model cannot hear audio]`;
    case 'resource': {
      const { uri, mimeType, text, blob } = block.resource;
      if (!toolStyle) {
        const header = `Resource ${uri} (${mimeType ?? 'unknown type'}):`;
        const readable = contentsText(block.resource);
        if (readable !== undefined) return `${header}\n${readable}`;
        const what = isImage(mimeType) ? 'the model cannot see images' : 'binary data';
        return `${header}\n[${blob === undefined ? 0 : base64Size(blob)} bytes omitted: ${what}]`;
      }
      if (text !== undefined) return `[resource ${uri}]\n${text}`;
      const size = blob === undefined ? 0 : base64Size(blob);
      return `[resource ${uri} omitted: ${mimeType ?? 'binary data'}, ${size} bytes]`;
    }
    case 'resource_link': {
      const about = block.description ? `: ${block.description}` : '';
      return `[resource link ${block.uri} (${block.title ?? block.name})${about}]`;
    }
    default:
      return `[content of an unknown kind omitted: ${(block as { type?: unknown }).type}]`;
  }
}

/** A resource's text, also when a text type (plain, markdown, JSON, XML) came as a blob. */
export function contentsText(contents: ResourceContentsView): string | undefined {
  if (contents.text !== undefined) return contents.text;
  if (contents.blob === undefined) return '';
  const mime = (contents.mimeType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const textual = mime.startsWith('text/') || /^application\/([\w.-]+\+)?(json|xml)$/.test(mime);
  return textual ? Buffer.from(contents.blob, 'base64').toString('utf8') : undefined;
}

export function isImage(mimeType: string | undefined): boolean {
  return mimeType?.toLowerCase().startsWith('image/') ?? false;
}

export function base64Size(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}
