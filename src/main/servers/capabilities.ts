// The client capabilities Switchboard declares so servers may ask for sampling and elicitation.
import type { ClientCapabilities } from '@modelcontextprotocol/client';

/**
 * Merge into `ConnectionOptions.capabilities` (with `roots`). Sampling declares no `tools`: the
 * review dialog and `sampling.send` carry text only, so a tool-use round could not be shown or answered.
 */
export const REQUEST_CAPABILITIES = {
  sampling: {},
  elicitation: { form: { applyDefaults: true }, url: {} },
} as const satisfies ClientCapabilities;
