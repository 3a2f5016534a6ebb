// The config schema's problems in the page's language: the host writes them in English, the page finds their code again.
import { type SchemaProblemCode, schemaProblemOf } from '../../../../shared/configSchema';
import type { ConfigProblem } from '../../../../shared/types';
import { type MessageValues, translate } from '../../i18n';

type Translate = (id: string, values?: MessageValues) => string;

const IDS: Record<SchemaProblemCode, string> = {
  nameMissing: 'serverEditor.schema.nameMissing',
  nameTooLong: 'serverEditor.schema.nameTooLong',
  nameCharacters: 'serverEditor.schema.nameCharacters',
  notAHost: 'serverEditor.schema.notAHost',
  network: 'serverEditor.schema.network',
  notEmpty: 'serverEditor.schema.notEmpty',
  issuer: 'serverEditor.schema.issuer',
  privateKeyOnce: 'serverEditor.schema.privateKeyOnce',
  idpTokenEndpoint: 'serverEditor.schema.idpTokenEndpoint',
  idTokenOnce: 'serverEditor.schema.idTokenOnce',
  grant: 'serverEditor.schema.grant',
  socketType: 'serverEditor.schema.socketType',
  socketOauth: 'serverEditor.schema.socketOauth',
  inputIdCharacters: 'serverEditor.schema.inputIdCharacters',
  inputType: 'serverEditor.schema.inputType',
  bothKinds: 'serverEditor.schema.bothKinds',
  providerIdCharacters: 'serverEditor.schema.providerIdCharacters',
  baseUrl: 'serverEditor.schema.baseUrl',
  toolSetName: 'serverEditor.schema.toolSetName',
  toolSetNames: 'serverEditor.schema.toolSetNames',
  toolSetDefault: 'serverEditor.schema.toolSetDefault',
};

/** "… is not a host: write a name like example.com …", in the page's language. */
export function notAHostText(entry: string, t: Translate = translate): string {
  return t(IDS.notAHost, { entry });
}

/** A schema message in the page's language; any other message (zod's own, a syntax error) as the host wrote it. */
export function schemaProblemText(message: string, t: Translate = translate): string {
  const known = schemaProblemOf(message);
  return known ? t(IDS[known.code], known.values) : message;
}

/** A config problem without the field it names first (`url uses plain http …`), for where space is short. */
export function problemReason(problem: ConfigProblem, t: Translate = translate): string {
  const prefix = problem.field ? `${problem.field}: ` : '';
  return prefix && problem.message.startsWith(prefix)
    ? schemaProblemText(problem.message.slice(prefix.length), t)
    : schemaProblemText(problem.message, t);
}

/** A config problem as a whole: `mcpServers.x.command: …`, the schema's part in the page's language. */
export function problemMessage(problem: ConfigProblem, t: Translate = translate): string {
  const prefix = problem.field ? `${problem.field}: ` : '';
  return prefix && problem.message.startsWith(prefix)
    ? t('serverEditor.validation.atPath', { path: problem.field ?? '', message: problemReason(problem, t) })
    : schemaProblemText(problem.message, t);
}
