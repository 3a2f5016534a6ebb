// One content block as a line of plain text, for summaries and exports: text as it is, anything else by its kind.
import type { ContentBlock } from './types';

/** One content block as plain text (media and resources by their kind and URI). */
export function contentSummary(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
      return `[image ${block.mimeType}]`;
    case 'audio':
      return `[audio ${block.mimeType}]`;
    case 'resource':
      return block.resource.text ?? `[resource ${block.resource.uri}]`;
    case 'resource_link':
      return `[link ${block.uri}]`;
    default:
      return '[content]';
  }
}
