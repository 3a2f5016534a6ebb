// The host's stores: the settings and records of the data folder, each built from its file and the config alone.
import { join } from 'node:path';
import { AppPermissionStore } from './apps/appPermissions';
import { AttachmentFiles } from './attachments/attachmentFiles';
import { UploadStore } from './attachments/uploads';
import type { ServerProposals } from './bringIn/proposals';
import { ConfigProposals } from './bringIn/serverProposals';
import { ConfigStore } from './config/configStore';
import { UnusableServers } from './config/unusableServers';
import { AuditLog } from './consent/audit';
import { PermissionStore } from './consent/policy';
import { SkillApprovals } from './consent/skillApprovals';
import { FlowSettings } from './flow/flowSettings';
import type { Emit } from './hostEvents';
import type { HostOptions } from './hostOptions';
import { InstructionSettings } from './instructions/instructionSettings';
import { KeptResults } from './payloads/keptResults';
import { InputService } from './requests/inputs';
import { CredentialStore } from './servers/auth/credentials';
import { firstRunConfig } from './servers/transport/builtin';
import { ChatDefaultsStore } from './settings/chatDefaults';
import { FileSecretStore } from './settings/fileSecrets';
import { ModelOptionsStore } from './settings/modelOptions';
import { ModelSettings } from './settings/models';
import { ToolSetSettings } from './settings/toolSets';
import { SkillFiles } from './skills/skillFiles';
import { ConversationStore } from './storage/conversations';
import { ServerApprovals } from './trust/serverApprovals';
import { ServerForgetting } from './trust/serverForgetting';

export type HostStores = {
  config: ConfigStore;
  /** The rows of config.json entries with an error, listed beside the servers. */
  unusable: UnusableServers;
  models: ModelSettings;
  /** What the person set per model: context windows and thinking. */
  modelOptions: ModelOptionsStore;
  /** Named choices of servers and tools; the default one is what new conversations start with. */
  toolSets: ToolSetSettings;
  approvals: ServerApprovals;
  permissions: PermissionStore;
  instructions: InstructionSettings;
  audit: AuditLog;
  conversations: ConversationStore;
  /** The values asked of the person for server entries, kept encrypted where the platform can. */
  inputs: InputService;
  /** Where every route that brings a server in from elsewhere adds it: it waits for the person's approval. */
  proposals: ServerProposals;
  /** Sign-in tokens of remote servers. */
  credentials: CredentialStore;
  /** The skills the person approved, each bound to its files, and the skills waiting for their approval. */
  skillApprovals: SkillApprovals;
  /** The kept files of approved skills. */
  skillFiles: SkillFiles;
  /** Forgets what a server that left the config leaves behind. */
  forgetting: ServerForgetting;
  uploads: UploadStore;
  attachments: AttachmentFiles;
  /** Tool results too long for the model at once, kept whole with their conversation. */
  results: KeptResults;
  chatDefaults: ChatDefaultsStore;
  flowSettings: FlowSettings;
  appPermissions: AppPermissionStore;
  /** The folders of the data folder whose files are written whole, where a killed write leaves a temporary file. */
  writtenFolders: string[];
};

/** Where `name` is kept in the data folder. */
export function dataFile(options: HostOptions, name: string): string {
  return join(options.dataDir, name);
}

/** Opens every store (none reads its file yet: the host loads them). */
export function openStores(
  options: HostOptions,
  links: { emit: Emit; onProblem: (message: string) => void },
): HostStores {
  const { emit, onProblem } = links;
  const data = (name: string) => dataFile(options, name);
  const config = new ConfigStore(
    options.configPath ?? data('config.json'),
    options.builtinScripts ? firstRunConfig : undefined,
  );
  const modelOptions = new ModelOptionsStore(data('model-options.json'), onProblem);
  const approvals = new ServerApprovals(data('server-approvals.json'), onProblem);
  const secrets = options.secrets ?? new FileSecretStore(data('credentials.json'));
  const inputs = new InputService({
    secrets,
    emit: (event, payload) => emit(event, payload),
    declared: () => config.current.inputs ?? [],
    onProblem,
  });
  const credentials = new CredentialStore(secrets);
  const skillApprovals = new SkillApprovals(data('skill-approvals.json'), onProblem);
  const skillFiles = new SkillFiles(data('skills'));
  const uploads = new UploadStore();
  return {
    config,
    unusable: new UnusableServers(),
    models: new ModelSettings(config, options.secrets, process.env, modelOptions),
    modelOptions,
    toolSets: new ToolSetSettings(config),
    approvals,
    permissions: new PermissionStore(data('permissions.json'), { onProblem }),
    instructions: new InstructionSettings(data('instructions.json'), onProblem),
    audit: new AuditLog(data('audit.jsonl')),
    conversations: new ConversationStore(data('conversations'), { onProblem }),
    inputs,
    proposals: new ConfigProposals(config, approvals, inputs),
    credentials,
    skillApprovals,
    skillFiles,
    forgetting: new ServerForgetting({
      approvals,
      inputs,
      credentials,
      skills: [skillApprovals, skillFiles],
      onProblem,
    }),
    uploads,
    attachments: new AttachmentFiles(data('attachments'), uploads),
    results: new KeptResults(data('results')),
    chatDefaults: new ChatDefaultsStore(data('chat-defaults.json'), onProblem),
    flowSettings: new FlowSettings(data('flow-settings.json'), onProblem),
    appPermissions: new AppPermissionStore(data('app-permissions.json'), onProblem),
    writtenFolders: [options.dataDir, data('catalogues'), data('conversations'), data('icons')],
  };
}
