// The arguments each of several waiting calls would be allowed with: the person's valid edit, or the call's own if they pass its schema.
import type { ConsentRequest } from '../../../../shared/chat';
import type { Json } from '../../../../shared/types';
import type { ConsentDraft } from '../../store';
import { type ArgsValidator, createArgsValidator } from './argsValidation';
import { argsText } from './requestText';

const validators = new WeakMap<object, ArgsValidator>();

function validatorFor(request: ConsentRequest): ArgsValidator {
  const schema = request.tool.inputSchema;
  let validator = validators.get(schema);
  if (!validator) {
    validator = createArgsValidator(schema);
    validators.set(schema, validator);
  }
  return validator;
}

/** What `request` would be sent with: `args` only when the person edited them; not `ok` when they cannot be sent. */
export function batchArgs(
  request: ConsentRequest,
  draft: ConsentDraft | undefined,
): { ok: true; args?: Json } | { ok: false } {
  const check = validatorFor(request)(draft?.text ?? argsText(request.args));
  if (!check.ok) return { ok: false };
  return draft ? { ok: true, args: check.value } : { ok: true };
}

/** The requests that cannot be allowed together: arguments (edited or not) that fail the tool's schema. */
export function unsendable(
  requests: readonly ConsentRequest[],
  drafts: Record<string, ConsentDraft>,
): ConsentRequest[] {
  return requests.filter((request) => !batchArgs(request, drafts[request.id]).ok);
}
