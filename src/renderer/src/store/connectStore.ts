// Maps host events to store actions, once per window and outside React.
import type { LogEntry, WireEntry } from '../../../shared/types';
import type { HostClient } from '../api/types';
import { describeError } from '../components/format';
import { createDeltaQueue } from './chatSlice';
import { createFrameBatcher } from './frameBatcher';
import { createSamplingDeltaQueue } from './requestsSlice';
import { actions } from './store';
import { LOG_CAP, WIRE_CAP } from './streamsSlice';

let connected = false;
/** Conversation lists the host announced: every change to the list is announced. */
let chatLists = 0;

async function refresh(client: HostClient): Promise<void> {
  try {
    // Each applied as it arrives: a server update that comes later is newer than this list.
    await Promise.all([
      client.invoke('servers.list', {}).then(actions.serversListed),
      client.invoke('config.get', {}).then(actions.configChanged),
    ]);
  } catch (error) {
    actions.loadFailed(error instanceof Error ? error.message : String(error));
  }
  const listsBefore = chatLists;
  await Promise.all([
    client.invoke('chat.list', {}).then(
      // A list announced meanwhile is as new as this answer, or newer: this one may have been read before it.
      (list) => {
        if (chatLists === listsBefore) actions.chatsListed(list);
      },
      (error: unknown) => actions.chatsFailed(describeError(error)),
    ),
    client.invoke('models.get', {}).then(actions.modelsChanged, () => {}),
    client.invoke('consent.pending', {}).then(actions.consentListed, () => {}),
    client.invoke('sampling.pending', {}).then(actions.samplingListed, () => {}),
    client.invoke('elicitation.pending', {}).then(actions.elicitationListed, () => {}),
    client.invoke('roots.get', {}).then(actions.rootsChanged, () => {}),
    client.invoke('roots.pending', {}).then(actions.rootsPendingListed, () => {}),
    client.invoke('inputs.pending', {}).then(actions.inputsListed, () => {}),
    client.invoke('approvals.list', {}).then(actions.approvalsChanged, () => {}),
    client.invoke('skills.list', {}).then(actions.skillsChanged, () => {}),
    client.invoke('skills.pending', {}).then(actions.skillsPendingListed, () => {}),
  ]);
}

/** Subscribes the store to the host's events and re-fetches state on every (re)connect. */
export function connectStore(client: HostClient): void {
  if (connected) return;
  connected = true;
  const logs = createFrameBatcher<LogEntry>(LOG_CAP, actions.logsArrived);
  const wire = createFrameBatcher<WireEntry>(WIRE_CAP, actions.wireArrived);

  client.on('server.updated', actions.serverChanged);
  client.on('server.removed', ({ name }) => {
    logs.drop(name);
    wire.drop(name);
    actions.serverRemoved(name);
  });
  client.on('server.log', ({ server, entries }) => logs.push(server, entries));
  client.on('server.wire', ({ server, entries }) => wire.push(server, entries));
  client.on('config.changed', actions.configChanged);

  const deltas = createDeltaQueue(actions.deltasArrived);
  client.on('chats.changed', (list) => {
    chatLists += 1;
    actions.chatsListed(list);
  });
  client.on('models.changed', actions.modelsChanged);
  client.on('consent.requested', actions.consentRequested);
  client.on('consent.settled', actions.consentSettled);
  const samplingDeltas = createSamplingDeltaQueue(actions.samplingDeltas);
  client.on('sampling.changed', actions.requestArrived);
  client.on('sampling.delta', (delta) => samplingDeltas.push(delta));
  client.on('sampling.settled', ({ id, reason }) => actions.requestSettled(id, reason));
  client.on('elicitation.requested', actions.requestArrived);
  client.on('elicitation.settled', ({ id, reason }) => actions.requestSettled(id, reason));
  client.on('requests.refused', actions.requestRefused);
  client.on('inputs.requested', actions.inputRequested);
  client.on('inputs.settled', ({ id }) => actions.inputSettled(id));
  client.on('approvals.changed', actions.approvalsChanged);
  client.on('roots.changed', actions.rootsChanged);
  client.on('skills.changed', actions.skillsChanged);
  client.on('skills.requested', actions.skillRequested);
  client.on('skills.settled', ({ id, reason }) => actions.skillSettled(id, reason));
  client.on('resource.updated', actions.resourceUpdated);
  client.on('roots.confirmationRequested', actions.rootsConfirmationRequested);
  client.on('roots.confirmationSettled', actions.rootsConfirmationSettled);
  client.on('chat.delta', (delta) => deltas.push(delta));
  client.on('chat.removed', ({ conversationId, messageIds }) => {
    for (const messageId of messageIds) deltas.drop(conversationId, messageId);
    actions.messagesRemoved(conversationId, messageIds);
  });
  client.on('chat.compacted', ({ conversationId, compactions }) =>
    actions.compactionsChanged(conversationId, compactions),
  );
  client.on('chat.exposure', ({ conversationId, exposure }) =>
    actions.exposureChanged(conversationId, exposure),
  );
  client.on('chat.message', ({ conversationId, message }) => {
    deltas.drop(conversationId, message.id);
    actions.messageArrived(conversationId, message);
  });

  client.onStatus((status) => {
    actions.linkChanged(status);
    if (status === 'connected') void refresh(client);
  });
  actions.linkChanged(client.status);
  if (client.status === 'connected') void refresh(client);
}
