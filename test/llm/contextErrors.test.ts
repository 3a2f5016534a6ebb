// How providers say a request is longer than the model's context window, recognised in each of their words.
import { APICallError, RetryError } from 'ai';
import { describe, expect, it } from 'vitest';
import { contextLimitOf, isContextLengthError } from '../../src/main/llm/errors';

function apiError(statusCode: number, body: unknown): APICallError {
  const responseBody = typeof body === 'string' ? body : JSON.stringify(body);
  return new APICallError({
    message: 'Bad Request',
    url: 'http://127.0.0.1/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    responseBody,
  });
}

const SAID = {
  openai: apiError(400, {
    error: {
      message:
        "This model's maximum context length is 128000 tokens. However, your messages resulted in 130412 tokens. Please reduce the length of the messages.",
      type: 'invalid_request_error',
      param: 'messages',
      code: 'context_length_exceeded',
    },
  }),
  anthropic: apiError(400, {
    type: 'error',
    error: { type: 'invalid_request_error', message: 'prompt is too long: 208310 tokens > 200000 maximum' },
  }),
  google: apiError(400, {
    error: {
      code: 400,
      message: 'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).',
      status: 'INVALID_ARGUMENT',
    },
  }),
  llamaCpp: apiError(400, {
    error: {
      code: 400,
      message: 'the request exceeds the available context size, try increasing it',
      type: 'exceed_context_size_error',
    },
  }),
};

describe('context-length errors', () => {
  it('are recognised from OpenAI-compatible servers, Anthropic and Google', () => {
    for (const error of Object.values(SAID)) expect(isContextLengthError(error)).toBe(true);
    expect(
      isContextLengthError(
        new RetryError({ message: 'failed', reason: 'maxRetriesExceeded', errors: [SAID.openai] }),
      ),
    ).toBe(true);
  });

  it('are not confused with rate limits, other refusals or network failures', () => {
    const rate = apiError(429, {
      error: {
        message: 'Rate limit reached for tokens per min (TPM): Limit 30000',
        code: 'rate_limit_exceeded',
      },
    });
    const invalid = apiError(400, { error: { message: "Invalid value for 'temperature'", code: null } });
    expect(isContextLengthError(rate)).toBe(false);
    expect(isContextLengthError(invalid)).toBe(false);
    expect(isContextLengthError(new TypeError('fetch failed'))).toBe(false);
  });

  it('give the window they name, where they name one', () => {
    expect(contextLimitOf(SAID.openai)).toBe(128_000);
    expect(contextLimitOf(SAID.anthropic)).toBe(200_000);
    expect(contextLimitOf(SAID.google)).toBe(1_048_576);
    expect(contextLimitOf(SAID.llamaCpp)).toBeUndefined();
  });
});
