// The commands of local servers' sandboxes: what the person does with the notice of a blocked connection.
import { serverArg } from './args';
import { command } from './spec';

export const commands = {
  /** The person has seen the notice of what a server's sandbox blocked: it goes (later blocks are still logged). */
  'sandbox.dismissNotice': command(serverArg).returns<null>(),
};
