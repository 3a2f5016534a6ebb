// Whether a model can see images, guessed from its name and the route to it: one answer for the host and the window.

// GPT-4o/4.1/4.5/5, o1/o3/o4, Claude 3+, Gemini, and open models named for vision.
const VISION =
  /gpt-4o|gpt-4\.[15]|gpt-4-turbo|gpt-5|\bo[134](?!-mini)\b|claude-(?:[3-9]|(?:opus|sonnet|haiku)-[4-9])|gemini|llava|vision|[-_.]vl\b|qwen[\d.]*-?vl|pixtral|gemma-?3|llama-?4|minicpm-v|moondream|mistral-small-3/i;

/**
 * A small, honest guess at whether images reach the model: the model's name must suggest vision,
 * and the route must carry images (OpenAI's chat API behind a custom base URL does not).
 */
export function modelSeesImages(provider: { type: string; baseURL?: string }, modelId: string): boolean {
  if (provider.type === 'openai' && provider.baseURL) return false;
  return VISION.test(modelId);
}
