// Shapes of prompts, completions and resources as they cross to the renderer and into a conversation.
import type { Truncated } from './payloads';
import type { ContentBlock } from './types';

export type PromptMessageView = { role: 'user' | 'assistant'; content: ContentBlock };

export type PromptResult = { description?: string; messages: PromptMessageView[] };

/** What a completion is for: a prompt's argument or a resource template's variable. */
export type CompletionRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

export type CompletionResult = { values: string[]; total?: number; hasMore?: boolean };

/**
 * One part of a resource. Large parts come in part: `text` is then the start of the text, `blob`
 * is absent, and `truncated` says how long the whole is and where to fetch it.
 */
export type ResourceContentsView = {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
  truncated?: Truncated;
};

export type ResourceReadResult = { contents: ResourceContentsView[] };

/**
 * Something the person put into a message besides their own text. From the page, a resource's
 * large parts carry only `truncated` (its id); the host puts the whole back before it stores the message.
 */
export type ContextItem =
  | { kind: 'prompt'; server: string; name: string; title?: string; messages: PromptMessageView[] }
  | { kind: 'resource'; server: string; uri: string; name?: string; contents: ResourceContentsView[] }
  /** What an app view asked to give the model as context (`ui/update-model-context`), as the person saw it. */
  | { kind: 'app'; server: string; tool: string; callId: string; text: string }
  /** A skill of a server the person chose to use; the host loads and verifies it, and puts its SKILL.md in `text`. */
  | {
      kind: 'skill';
      server: string;
      uri: string;
      label: string;
      text?: string;
      /** The skill's other files, which the model may read next. */
      files?: { uri: string; size?: number }[];
    }
  /** A local file the person attached; its contents stay in the host, under `id`. */
  | FileAttachment;

/** A file attached to a message: a text file read as context, or an image for models that see images. */
export type FileAttachment = {
  kind: 'file';
  /** The upload's id, kept as the file's id once the message is sent. */
  id: string;
  name: string;
  mimeType: string;
  size: number;
  /** How the model receives it. */
  as: 'text' | 'image';
};
