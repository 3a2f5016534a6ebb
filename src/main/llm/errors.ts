// Turns what a model provider (or the way to it) throws into plain words a person can act on.
import type { APICallError, LoadAPIKeyError, RetryError } from 'ai';
import { formatHostText, type HostText, type HostTextValue, isHostText } from '../../shared/hostText';
import { isAiError } from './aiRuntime';

export type ProviderErrorContext = { provider: string; model?: string; url?: string };

/** Why the network failed, by error code: the id in the host catalogue (`host.provider.network.<id>`). */
const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'refused',
  ENOTFOUND: 'hostNotFound',
  EAI_AGAIN: 'lookupFailed',
  ECONNRESET: 'reset',
  ETIMEDOUT: 'timedOut',
  EHOSTUNREACH: 'hostUnreachable',
  ENETUNREACH: 'networkUnreachable',
  UND_ERR_CONNECT_TIMEOUT: 'timedOut',
  UND_ERR_SOCKET: 'closed',
  CERT_HAS_EXPIRED: 'certificateExpired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'certificateSelfSigned',
  SELF_SIGNED_CERT_IN_CHAIN: 'certificateSelfSigned',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'certificateUnverified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'certificateOtherName',
};

const MAX_MESSAGE = 400;

/** A reply whose stream broke off or ended before the model said it was done. */
export class ReplyCutOffError extends Error {
  constructor(readonly reason: HostText) {
    super(`The reply was cut off: ${formatHostText(reason)}.`);
    this.name = 'ReplyCutOffError';
  }
}

/** A reply that could not be made to fit the model's context window, even after compacting the conversation. */
export class ContextFullError extends Error {
  constructor(override readonly cause: unknown) {
    super('The conversation is too long for the model.');
    this.name = 'ContextFullError';
  }
}

/**
 * How OpenAI (and servers that copy its errors: vLLM, DeepSeek, LM Studio, llama.cpp, Ollama), Anthropic and Google say
 * that a request is longer than the model's context window.
 */
const CONTEXT_LENGTH = [
  /context[_ ]length[_ ]exceeded/i,
  /maximum context length/i,
  /prompt is too long/i,
  /input token count .*exceeds the maximum/i,
  /exceeds? (?:the )?(?:available )?context (?:size|window|length)/i,
  /context window (?:is )?(?:full|exceeded)/i,
  /too many tokens in the prompt|prompt too long/i,
];

/** Whether `error` is a provider saying the request is longer than the model's context window. */
export function isContextLengthError(error: unknown): boolean {
  const cause = unwrap(error);
  if (!isAiError<APICallError>(cause, 'AI_APICallError')) return false;
  if (cause.statusCode !== 400 && cause.statusCode !== 413) return false;
  const said = `${cause.responseBody ?? ''} ${cause.message}`;
  return CONTEXT_LENGTH.some((pattern) => pattern.test(said));
}

/** The window a context-length error names ("maximum context length is 4096 tokens", "> 200000 maximum"), if any. */
export function contextLimitOf(error: unknown): number | undefined {
  const cause = unwrap(error);
  if (!isAiError<APICallError>(cause, 'AI_APICallError')) return undefined;
  const said = `${cause.responseBody ?? ''} ${cause.message}`;
  const match =
    /maximum context length is (\d[\d,]*)/i.exec(said) ??
    /> ?(\d[\d,]*) maximum/i.exec(said) ??
    /maximum number of tokens allowed \((\d[\d,]*)\)/i.exec(said) ??
    /context (?:size|window|length)(?: of| is)? \(?(\d[\d,]*)/i.exec(said);
  const limit = match ? Number(match[1]?.replaceAll(',', '')) : Number.NaN;
  return Number.isFinite(limit) && limit > 0 ? limit : undefined;
}

/** Plain words for an error from a model call, a model listing or a connection test (in English). */
export function explainProviderError(error: unknown, context: ProviderErrorContext): string {
  return formatHostText(providerErrorText(error, context));
}

/** `explainProviderError` as a message of the host catalogue, so the page can say it in the person's language. */
export function providerErrorText(error: unknown, context: ProviderErrorContext): HostText {
  const { provider, model } = context;
  if (error instanceof ContextFullError) {
    return {
      id: 'host.provider.contextFull',
      values: { model: model ?? provider, reason: trim(providerMessage(unwrap(error.cause))) },
    };
  }
  const cause = unwrap(error);
  if (isNamed(cause, 'AbortError')) return { id: 'host.provider.stopped' };
  if (isAiError<LoadAPIKeyError>(cause, 'AI_LoadAPIKeyError'))
    return { id: 'host.provider.noApiKey', values: { provider } };
  const url = displayUrl(
    context.url ?? (isAiError<APICallError>(cause, 'AI_APICallError') ? cause.url : undefined),
  );
  const status = isAiError<APICallError>(cause, 'AI_APICallError') ? cause.statusCode : undefined;
  if (status === 401 || status === 403) {
    return { id: 'host.provider.keyRefused', values: { provider, status: String(status) } };
  }
  if (status === 404) {
    return model
      ? { id: 'host.provider.modelNotFound', values: { model, provider } }
      : { id: 'host.provider.nothingFound', values: { address: url ?? provider } };
  }
  if (status === 429) return { id: 'host.provider.rateLimited', values: { provider } };
  if (status !== undefined && status >= 500)
    return { id: 'host.provider.serverError', values: { provider, status: String(status) } };
  if (cause instanceof ReplyCutOffError)
    return { id: 'host.provider.cutOff', values: { provider, reason: cause.reason } };
  if (isCutOff(cause)) {
    return {
      id: 'host.provider.cutOff',
      values: { provider, reason: networkReason(cause) ?? { id: 'host.provider.network.closed' } },
    };
  }
  const reason = networkReason(cause);
  if (reason) return { id: 'host.provider.unreachable', values: { address: url ?? provider, reason } };
  const own = (cause as { text?: unknown } | undefined)?.text;
  if (status === undefined && cause instanceof Error && isHostText(own)) return own;
  const message = trim(providerMessage(cause));
  return status !== undefined
    ? { id: 'host.provider.rejected', values: { provider, status: String(status), message } }
    : { id: 'host.provider.said', values: { message } };
}

/** The error under the SDK's retry wrapper. */
function unwrap(error: unknown): unknown {
  return isAiError<RetryError>(error, 'AI_RetryError') ? (error.lastError ?? error) : error;
}

/** The chain of `cause`s, the error itself first. */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && current !== null && chain.length < 8; ) {
    chain.push(current);
    current =
      current instanceof Error || typeof current === 'object'
        ? (current as { cause?: unknown }).cause
        : undefined;
  }
  return chain;
}

function isNamed(error: unknown, name: string): boolean {
  return causes(error).some((item) => typeof item === 'object' && (item as { name?: unknown }).name === name);
}

/** A response body that broke off after it had started (undici says `terminated`). */
function isCutOff(error: unknown): boolean {
  return causes(error).some((item) => item instanceof TypeError && item.message === 'terminated');
}

/** Why the network failed (the system's own words as written), or `undefined` when this is not a network failure. */
function networkReason(error: unknown): HostText | string | undefined {
  for (const item of causes(error)) {
    const code = (item as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES[code])
      return { id: `host.provider.network.${NETWORK_CODES[code]}` };
  }
  if (isNamed(error, 'TimeoutError')) return { id: 'host.provider.network.noAnswer' };
  for (const item of causes(error)) {
    if (!(item instanceof Error)) continue;
    if (/fetch failed|cannot connect to api/i.test(item.message)) {
      const deeper = causes(item).at(-1);
      return deeper instanceof Error && deeper !== item
        ? deeper.message
        : { id: 'host.provider.network.requestFailed' };
    }
  }
  return undefined;
}

/** The message the provider put in its error body, else the error's own message. */
function providerMessage(error: unknown): string {
  if (isAiError<APICallError>(error, 'AI_APICallError') && error.responseBody) {
    try {
      const body = JSON.parse(error.responseBody) as {
        error?: { message?: unknown } | string;
        message?: unknown;
      };
      const inner = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message);
      if (typeof inner === 'string' && inner.trim()) return inner;
    } catch {
      // Not JSON: the SDK's message already carries what there is.
    }
  }
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
}

/** The provider's message on one line, cut to fit; its absence said by the host. */
function trim(text: string): HostTextValue | HostText {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return { id: 'host.provider.noReason' };
  return flat.length > MAX_MESSAGE ? `${flat.slice(0, MAX_MESSAGE - 1)}…` : flat;
}

/** An address to show: without its query, which may carry a key. */
function displayUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url.split('?')[0];
  }
}
