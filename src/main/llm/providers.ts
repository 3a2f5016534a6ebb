// Model providers behind one seam: a LanguageModel for the chat loop and sampling, model lists and connection tests.
import type { LanguageModel } from 'ai';
import type { ProviderTest } from '../../shared/chat';
import type { ProviderConfig } from '../../shared/configSchema';
import { said } from '../../shared/hostText';
import { modelSeesImages } from '../../shared/vision';
import { HostFault } from '../errors';
import { aiRuntime } from './aiRuntime';
import { providerErrorText } from './errors';

/** A configured provider with its key already looked up (from the secret store or the environment). */
export type ResolvedProvider = ProviderConfig & { apiKey?: string };

const OPENAI_URL = 'https://api.openai.com/v1';
const ANTHROPIC_URL = 'https://api.anthropic.com/v1';
const GOOGLE_URL = 'https://generativelanguage.googleapis.com/v1beta';
const TEST_TIMEOUT_MS = 10_000;

/**
 * The AI SDK model for `modelId` at `provider`. Each provider's package is loaded on its first use,
 * not at start-up: a host that is not chatting yet does not pay for four SDKs.
 */
export async function languageModel(provider: ResolvedProvider, modelId: string): Promise<LanguageModel> {
  const { apiKey, baseURL } = provider;
  switch (provider.type) {
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      const { extractReasoningMiddleware, wrapLanguageModel } = await aiRuntime();
      const model = createOpenAICompatible({
        name: provider.id,
        baseURL: requireBaseURL(provider),
        apiKey,
        supportsMultiPartToolContent: true,
        includeUsage: true,
      }).chatModel(modelId);
      // Servers that stream `reasoning_content` are read by the provider; those that write <think>…</think> here.
      return wrapLanguageModel({ model, middleware: extractReasoningMiddleware({ tagName: 'think' }) });
    }
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      const openai = createOpenAI({ apiKey, baseURL });
      return baseURL ? openai.chat(modelId) : openai(modelId);
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ apiKey, baseURL })(modelId);
    }
    case 'google': {
      const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
      return createGoogleGenerativeAI({ apiKey, baseURL })(modelId);
    }
  }
}

/** The ids of the models the provider offers, sorted. Throws what the request threw (see errors.ts). */
export async function listModels(provider: ResolvedProvider, signal?: AbortSignal): Promise<string[]> {
  const { url, headers } = modelsRequest(provider);
  const response = await fetch(url, { headers, signal });
  const text = await response.text();
  if (!response.ok) {
    const { APICallError } = await aiRuntime();
    throw new APICallError({
      message: `${response.status} ${response.statusText}`,
      url,
      requestBodyValues: undefined,
      statusCode: response.status,
      responseBody: text,
    });
  }
  return [...new Set(modelIds(provider, JSON.parse(text)))].sort();
}

/** Reaches the provider by listing its models, within 10 seconds. */
export async function testProvider(provider: ResolvedProvider): Promise<ProviderTest> {
  let url: string | undefined;
  try {
    url = modelsRequest(provider).url;
    const models = await listModels(provider, AbortSignal.timeout(TEST_TIMEOUT_MS));
    return { ok: true, ...said({ id: 'host.provider.connected', values: { count: models.length } }), models };
  } catch (error) {
    return { ok: false, ...said(providerErrorText(error, { provider: provider.id, url })) };
  }
}

/** Whether images (in tool results and attachments) reach the model; see `modelSeesImages`. */
export function supportsVision(provider: ResolvedProvider, modelId: string): boolean {
  return modelSeesImages(provider, modelId);
}

function modelsRequest(provider: ResolvedProvider): { url: string; headers: Record<string, string> } {
  const key = provider.apiKey;
  switch (provider.type) {
    case 'openai':
    case 'openai-compatible': {
      const base = provider.type === 'openai' ? (provider.baseURL ?? OPENAI_URL) : requireBaseURL(provider);
      return { url: `${trimSlash(base)}/models`, headers: key ? { authorization: `Bearer ${key}` } : {} };
    }
    case 'anthropic': {
      const base = trimSlash(provider.baseURL ?? ANTHROPIC_URL);
      const versioned = base === 'https://api.anthropic.com' ? ANTHROPIC_URL : base;
      return {
        url: `${versioned}/models?limit=1000`,
        headers: { 'anthropic-version': '2023-06-01', ...(key ? { 'x-api-key': key } : {}) },
      };
    }
    case 'google':
      return {
        url: `${trimSlash(provider.baseURL ?? GOOGLE_URL)}/models?pageSize=1000`,
        headers: key ? { 'x-goog-api-key': key } : {},
      };
  }
}

type ModelList = {
  data?: { id?: unknown }[];
  models?: { name?: unknown; supportedGenerationMethods?: unknown }[];
};

function modelIds(provider: ResolvedProvider, body: ModelList): string[] {
  if (provider.type === 'google') {
    return (body.models ?? [])
      .filter((model) => {
        const methods = model.supportedGenerationMethods;
        return !Array.isArray(methods) || methods.includes('generateContent');
      })
      .map((model) => String(model.name ?? '').replace(/^models\//, ''))
      .filter(Boolean);
  }
  const ids = (body.data ?? [])
    .map((model) => (typeof model.id === 'string' ? model.id : ''))
    .filter(Boolean);
  // OpenAI's own list also holds embedding, speech, image and moderation models: keep those that chat.
  return provider.type === 'openai' && !provider.baseURL
    ? ids.filter(
        (id) =>
          !/embedding|tts|whisper|dall-e|moderation|davinci|babbage|transcribe|image|search|realtime/.test(
            id,
          ),
      )
    : ids;
}

function requireBaseURL(provider: ResolvedProvider): string {
  if (!provider.baseURL) {
    throw new HostFault('invalid_input', {
      id: 'host.provider.needsBaseUrl',
      values: { provider: provider.id, example: 'http://localhost:11434/v1' },
    });
  }
  return provider.baseURL;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
