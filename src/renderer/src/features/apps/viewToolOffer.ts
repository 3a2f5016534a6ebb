// The tools a view offers the model: listed once it is ready (and again when it says they changed), and each call the host hands over answered through its bridge.
import type { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { Json } from '../../../../shared/types';
import type { HostClient } from '../../api';
import { describeError } from '../../components/format';

/** How long the view has to answer one call (the host gives up at the same time). */
const CALL_TIMEOUT_MS = 30_000;
/** The most tools sent to the host from one list; the host offers the model at most 50 of them. */
const MAX_LISTED = 200;

type ViewResult = Awaited<ReturnType<AppBridge['callTool']>>;

/** The view's result as text blocks only: anything else it sent is named, not passed on. */
function textResult(result: ViewResult): { content: { type: 'text'; text: string }[]; isError?: boolean } {
  const content = result.content
    .slice(0, 100)
    .map((block) =>
      block.type === 'text'
        ? { type: 'text' as const, text: block.text.slice(0, 100_000) }
        : { type: 'text' as const, text: `[The view sent ${block.type} content, which is not passed on.]` },
    );
  if (result.structuredContent !== undefined) {
    content.push({ type: 'text', text: JSON.stringify(result.structuredContent).slice(0, 100_000) });
  }
  return { content: content.slice(0, 100), ...(result.isError ? { isError: true } : {}) };
}

/** Offers the tools of the view `appId` (if it has any) and answers the host's calls of them; returns how to stop. */
export function offerViewTools(host: HostClient, appId: string, bridge: AppBridge): () => void {
  if (!bridge.getAppCapabilities()?.tools) return () => {};
  const list = async () => {
    const { tools } = await bridge.listTools({});
    await host.invoke('apps.setTools', {
      appId,
      tools: tools.slice(0, MAX_LISTED).map((tool) => ({
        name: tool.name.slice(0, 200),
        ...(tool.title ? { title: tool.title.slice(0, 200) } : {}),
        ...(tool.description ? { description: tool.description.slice(0, 10_000) } : {}),
        inputSchema: tool.inputSchema as Record<string, Json>,
      })),
    });
  };
  const listed = () =>
    void list().catch((error: unknown) =>
      host
        .invoke('apps.log', {
          appId,
          level: 'warning',
          // i18n-ignore: a line of the server's log, kept by the host with the view's own lines
          text: `Its tools could not be listed: ${describeError(error)}`,
        })
        .catch(() => {}),
    );
  listed();
  bridge.setNotificationHandler('notifications/tools/list_changed', () => listed());
  return host.on('apps.toolCall', (call) => {
    if (call.appId !== appId) return;
    const answer = (outcome: { result: ReturnType<typeof textResult> } | { error: string }) =>
      host.invoke('apps.toolAnswer', { appId, requestId: call.requestId, ...outcome }).catch(() => {});
    bridge.callTool({ name: call.name, arguments: call.args }, { timeout: CALL_TIMEOUT_MS }).then(
      (result) => answer({ result: textResult(result) }),
      (error: unknown) => answer({ error: describeError(error) }),
    );
  });
}
