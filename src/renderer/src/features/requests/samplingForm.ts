// Pure steps of the sampling dialog: the editable draft, its checks, the approve arguments and the words shown.
import type { ModelsView } from '../../../../shared/chat';
import type { CommandArgs } from '../../../../shared/contract';
import type {
  RefusedRequest,
  SamplingContent,
  SamplingMessageView,
  SamplingRequest,
} from '../../../../shared/requests';
import { translate } from '../../i18n';
import { modelGroups } from '../chat/models';

/** What the person can change before approving. */
export type SamplingDraft = {
  messages: SamplingMessageView[];
  systemPrompt: string;
  model: string;
  maxTokens: string;
  includeContext: boolean;
};

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const MEDIA_MIME = /^[a-z]+\/[a-z0-9.+-]+$/i;

/** Image or audio content of a sampling message. */
export type MediaContent = Extract<SamplingContent, { type: 'image' | 'audio' }>;

/** A `data:` URL for base64 image or audio content of that family only, else undefined (never fetched). */
export function mediaSrc(content: SamplingContent): string | undefined {
  if (content.type !== 'image' && content.type !== 'audio') return undefined;
  const mime = content.mimeType.trim().toLowerCase();
  const data = content.data.replace(/\s+/g, '');
  if (!mime.startsWith(`${content.type}/`) || !MEDIA_MIME.test(mime) || !BASE64.test(data)) return undefined;
  return `data:${mime};base64,${data}`;
}

/** Every configured `provider/model`. */
export function modelRefs(models: ModelsView | null): string[] {
  return modelGroups(models).flatMap((group) => group.refs);
}

/** The model to start with: the host's suggestion, else the default, else the first configured one. */
export function initialModel(suggested: string | undefined, models: ModelsView | null): string {
  const refs = modelRefs(models);
  if (suggested && refs.includes(suggested)) return suggested;
  if (models?.default && refs.includes(models.default)) return models.default;
  return refs[0] ?? suggested ?? '';
}

/** The draft a request starts with: everything as the server sent it, context not included. */
export function initialDraft(request: SamplingRequest, models: ModelsView | null): SamplingDraft {
  return {
    messages: request.messages,
    systemPrompt: request.systemPrompt ?? '',
    model: initialModel(request.suggestedModel, models),
    maxTokens: String(request.maxTokens),
    includeContext: false,
  };
}

/** The draft with the text of one content part replaced. */
export function editText(draft: SamplingDraft, message: number, part: number, text: string): SamplingDraft {
  const messages = draft.messages.map((m, i) =>
    i !== message
      ? m
      : {
          ...m,
          content: m.content.map((c, j) =>
            j === part && c.type === 'text' ? { type: 'text' as const, text } : c,
          ),
        },
  );
  return { ...draft, messages };
}

/** `Message 2`, or `Message 2, part 3` when a message holds several texts. */
export function textLabel(message: number, textIndex: number, textCount: number): string {
  return textCount > 1
    ? translate('requests.sampling.messagePart', { message: message + 1, part: textIndex + 1 })
    : translate('requests.sampling.message', { message: message + 1 });
}

/** Why the max tokens cannot be used, or undefined. It can only be lowered. */
export function maxTokensProblem(text: string, limit: number): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return translate('requests.sampling.tokensEmpty');
  const n = Number(trimmed);
  if (!Number.isInteger(n) || n < 1) return translate('requests.sampling.tokensWhole');
  if (n > limit) return translate('requests.sampling.tokensLower', { limit });
  return undefined;
}

/** Problems that keep Approve disabled, in plain words. */
export function draftProblems(
  draft: SamplingDraft,
  request: SamplingRequest,
  models: ModelsView | null,
): string[] {
  const problems: string[] = [];
  if (!modelRefs(models).includes(draft.model)) problems.push(translate('requests.sampling.chooseModel'));
  const tokens = maxTokensProblem(draft.maxTokens, request.maxTokens);
  if (tokens) problems.push(tokens);
  return problems;
}

/** The `sampling.approve` arguments for a checked draft. */
export function approveArgs(request: SamplingRequest, draft: SamplingDraft): CommandArgs<'sampling.approve'> {
  const systemPrompt = draft.systemPrompt.trim() === '' ? undefined : draft.systemPrompt;
  return {
    id: request.id,
    messages: draft.messages,
    ...(systemPrompt === undefined ? {} : { systemPrompt }),
    model: draft.model,
    maxTokens: Number(draft.maxTokens.trim()),
    includeContext: draft.includeContext,
  };
}

/** What the server asked for in `includeContext`. */
export function includeContextText(value: SamplingRequest['includeContext']): string {
  if (value === 'thisServer') return translate('requests.sampling.contextThisServer');
  if (value === 'allServers') return translate('requests.sampling.contextAllServers');
  return translate('requests.sampling.contextNone');
}

/** `0.8 (high)` for a priority between 0 and 1. */
export function priorityText(value: number | undefined): string {
  if (value === undefined) return translate('requests.sampling.notGiven');
  const level = value >= 0.67 ? 'high' : value >= 0.34 ? 'medium' : 'low';
  return translate('requests.sampling.priority', { value: Number(value.toFixed(2)), level });
}

/** The model name hints, or undefined when there are none. */
export function hintNames(request: SamplingRequest): string[] {
  return (request.modelPreferences?.hints ?? [])
    .map((hint) => hint.name?.trim() ?? '')
    .filter((name) => name !== '');
}

/** What a refusal toast says; the host's message, with the server named. */
export function refusalText(refused: RefusedRequest): string {
  const message = refused.message.trim();
  if (message === '') return translate('requests.refused.tooMany', { server: refused.server });
  return message.includes(refused.server)
    ? message
    : translate('requests.refused.withServer', { server: refused.server, message });
}
