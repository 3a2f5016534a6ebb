// The client capabilities Switchboard declares so servers may ask for sampling and elicitation.
import type { ClientCapabilities } from '@modelcontextprotocol/client';

/**
 * Merge into `ConnectionOptions.capabilities` (with `roots`). Sampling with `tools`: the dialog
 * shows the server's tools, and the model's tool uses go back to that server, which runs them.
 */
export const REQUEST_CAPABILITIES = {
  sampling: { tools: {} },
  elicitation: { form: { applyDefaults: true }, url: {} },
} as const satisfies ClientCapabilities;
