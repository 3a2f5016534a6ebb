// The command table: each domain's commands given their own rooms (the payload reads are added by the host).
import type { CommandHandlers } from '../shared/contract';
import { appCommands } from './apps/appCommands';
import { uploadCommands } from './attachments/uploadCommands';
import { importCommands } from './bringIn/import/importCommands';
import { ServerImport } from './bringIn/import/serverImport';
import { chatCommands } from './chat/chatCommands';
import type { HostRooms } from './compose';
import { configCommands } from './config/configCommands';
import { manualRunEntry } from './consent/audit';
import { consentCommands } from './consent/consentCommands';
import { messageOf } from './errors';
import { flowCommands } from './flow/flowCommands';
import type { Emit } from './hostEvents';
import { setHostLocale } from './hostLanguage';
import type { HostOptions } from './hostOptions';
import { instructionCommands } from './instructions/instructionCommands';
import type { PayloadStore } from './payloads/payloadStore';
import { inputCommands } from './requests/inputCommands';
import { requestCommands } from './requests/requestCommands';
import { resolveAttachments } from './resources/attachments';
import { resourceCommands } from './resources/resourceCommands';
import { unsharedArgumentFolders } from './roots/argumentFolders';
import { rootsCommands } from './roots/rootsCommands';
import { sandboxCommands } from './sandbox/sandboxCommands';
import { readResource } from './servers/catalogue/resources';
import { ManualCalls } from './servers/manualCalls';
import { serverCommands } from './servers/serverCommands';
import { modelCommands } from './settings/modelCommands';
import { toolSetCommands } from './settings/toolSetCommands';
import { skillCommands } from './skills/skillCommands';
import { taskCommands } from './tasks/taskCommands';
import { approvalCommands } from './trust/approvalCommands';

/** What the commands need from the host beyond its rooms. */
export type CommandLinks = {
  emit: Emit;
  /** Large resource contents, for pages to fetch in pieces and to attach by reference. */
  resourcePayloads: PayloadStore;
  /** Whole copies of large frames, which also keep large results of tools run by hand. */
  framePayloads: PayloadStore;
};

/** Every command of the contract except `payloads.read`, which the host adds over its payload stores. */
export function hostCommands(
  rooms: HostRooms,
  options: HostOptions,
  links: CommandLinks,
): Omit<CommandHandlers, 'payloads.read'> {
  const { emit, resourcePayloads, framePayloads } = links;
  /** The models section changed (config.changed and the servers follow from the config store). */
  const modelsChanged = async () => {
    const view = await rooms.models.view();
    emit('models.changed', view);
    return view;
  };
  return {
    ...serverCommands(
      rooms.servers,
      new ManualCalls(
        (progress) => emit('tool.progress', progress),
        // Runs by hand are in the audit log too, as the person's own.
        (run) =>
          void rooms.audit
            .append(manualRunEntry(run))
            .catch((error: unknown) =>
              process.stderr.write(
                `Switchboard: could not record the run of ${run.tool} in the audit log: ${messageOf(error)}\n`,
              ),
            ),
      ),
      framePayloads,
      // Entries of config.json with an error are listed too, with their reason.
      () => rooms.serverViews(),
    ),
    ...sandboxCommands(rooms.servers, rooms.sandboxes),
    ...rooms.icons.commands(),
    ...rooms.registry.commands,
    ...taskCommands(rooms.tasks),
    ...instructionCommands(rooms.instructions, (view) => emit('instructions.changed', view)),
    ...configCommands(rooms.config, rooms.inputs),
    'app.openExternal': async ({ url }) => (options.openExternal ? options.openExternal(url) : false),
    'app.language': async ({ locale }) => {
      setHostLocale(locale);
      options.languageChanged?.();
      return null;
    },
    ...modelCommands(rooms.models, modelsChanged),
    ...toolSetCommands(rooms.toolSets),
    ...skillCommands(rooms.skills, rooms.skillConsent),
    ...chatCommands(rooms.chat, {
      deleted: (id) => {
        rooms.apps.endConversation(id);
        rooms.skills.forgetConversation(id);
        // A permission left for a deleted conversation covers nothing, and is forgotten at the next start.
        void rooms.permissions.forgetConversations((other) => other !== id).catch(() => {});
      },
      resolveContext: async (context, id) =>
        rooms.skills.attach(
          id,
          await resolveAttachments(context, {
            store: resourcePayloads,
            read: async (server, uri) => (await readResource(rooms.servers.get(server), uri)).contents,
          }),
        ),
      saveFile: options.saveFile,
    }),
    ...uploadCommands(rooms.uploads),
    ...appCommands(rooms.apps, rooms.appPermissions, rooms.viewTools),
    ...consentCommands({
      consent: rooms.consent,
      permissions: rooms.permissions,
      audit: rooms.audit,
      servers: rooms.servers,
      foldersOf: (server) => rooms.roots.foldersOf(server),
      argumentFolders: (server) =>
        unsharedArgumentFolders(rooms.servers.get(server).entry, rooms.roots.foldersOf(server)),
      sandboxedWithoutNetwork: (server) =>
        rooms.sandboxes?.activeWithoutNetwork(server, rooms.servers.get(server).entry) ?? false,
    }),
    ...flowCommands(rooms.flow),
    ...resourceCommands({
      servers: rooms.servers,
      payloads: resourcePayloads,
      saveFile: options.saveFile,
    }),
    ...rootsCommands(rooms.roots, (server) => rooms.servers.get(server).entry, options.pickFolder),
    ...requestCommands(rooms.sampling, rooms.elicitation),
    ...inputCommands(rooms.inputs),
    ...approvalCommands(rooms.config, rooms.approvals, rooms.inputs),
    ...importCommands(new ServerImport({ config: rooms.config, proposals: rooms.proposals })),
  };
}
