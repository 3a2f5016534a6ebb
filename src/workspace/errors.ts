// Refusals and failures a person or model should read as plain sentences, and the tool result that carries them.
import { type CallToolResult, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

/** Said whenever a file operation is asked for while no folder is shared. */
export const NO_ROOTS_MESSAGE = 'No folders are shared yet. Add one in Roots.';

/** An expected failure whose message is meant to be shown as is (a refusal, a missing file, a size limit). */
export class WorkspaceError extends Error {
  override readonly name: string = 'WorkspaceError';
}

/** A text tool result. */
export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

/** A refusal: the request names something the server will not touch. */
export class PathRefusal extends WorkspaceError {
  override readonly name = 'PathRefusal';
}

/** Nothing exists where the request points. */
export class NotFoundError extends WorkspaceError {
  override readonly name = 'NotFoundError';
}

/** A tool result with `isError: true` and a plain message. */
export function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** The message to show for any thrown value: ours as written, others prefixed with what failed. */
export function messageOf(error: unknown, doing: string): string {
  if (error instanceof WorkspaceError) return error.message;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES' || code === 'EPERM') return `${doing} failed: permission denied.`;
  if (code === 'EISDIR') return `${doing} failed: that path is a folder, not a file.`;
  if (code === 'ENOTDIR') return `${doing} failed: part of that path is a file, not a folder.`;
  if (code === 'ENOSPC') return `${doing} failed: the disk is full.`;
  return `${doing} failed: ${detailOf(error)}`;
}

/** The bare message of any thrown value. */
export function detailOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs a tool body and turns any failure into an error result instead of a protocol error. */
export async function guarded(doing: string, body: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body();
  } catch (error) {
    return errorResult(messageOf(error, doing));
  }
}

/** The JSON-RPC error for a failed resource read or prompt: refusals as invalid params, missing files as not found. */
export function toProtocolError(error: unknown, doing: string, uri?: string): ProtocolError {
  if (error instanceof ProtocolError) return error;
  const message = messageOf(error, doing);
  if (error instanceof NotFoundError) {
    return new ProtocolError(ProtocolErrorCode.ResourceNotFound, message, uri ? { uri } : undefined);
  }
  if (error instanceof WorkspaceError) return new ProtocolError(ProtocolErrorCode.InvalidParams, message);
  return new ProtocolError(ProtocolErrorCode.InternalError, message);
}
