// One message of the log: the person's text as typed, or the model's reply as markdown and tool call cards.
import { memo, type ReactNode, useMemo, useState } from 'react';
import type { AssistantMessage, AssistantPart, UserMessage } from '../../../../shared/chat';
import { formatClock, hostWords } from '../../components/format';
import { CopyButton, Markdown } from '../../components/Markdown';
import { useT } from '../../i18n';
import { useCompaction, useMessage, useTurnRunning } from '../../store';
import { SentContext } from '../prompts/SentContext';
import { CompactionDivider } from './CompactionDivider';
import { HostCallCard } from './HostCallCard';
import { MessageEditor, ReplyActions } from './MessageActions';
import { splitBlocks } from './markdownBlocks';
import { ThinkingBlock } from './ThinkingBlock';
import { ToolCallCard } from './ToolCallCard';
import { replyStats } from './usageText';
import './markdown.css';

/** Reference links and footnotes point across blocks: such a text renders whole. */
const DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m;

/**
 * Each block renders on its own, so while text streams only the growing last one re-renders (its code plain until
 * finished), and the end of the stream re-renders nothing but that block.
 */
function ReplyText({ text, live }: { text: string; live: boolean }): ReactNode {
  const blocks = useMemo(() => (DEFINITION.test(text) ? [text] : splitBlocks(text)), [text]);
  return blocks.map((block, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: blocks only grow at the end while streaming
    <Markdown key={index} text={block} live={live && index === blocks.length - 1} />
  ));
}

function UserBubble({
  message,
  conversationId,
}: {
  message: UserMessage;
  conversationId: string;
}): ReactNode {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const running = useTurnRunning(conversationId);
  return (
    <article className="msg msg-user" aria-label={t('chat.message.you')}>
      <SentContext items={message.context} />
      {editing ? (
        <MessageEditor
          conversationId={conversationId}
          messageId={message.id}
          text={message.text}
          onDone={() => setEditing(false)}
        />
      ) : message.text ? (
        <div className="msg-user-text">{message.text}</div>
      ) : null}
      <div className="msg-meta">
        <time dateTime={new Date(message.time).toISOString()}>{formatClock(message.time)}</time>
        {message.text ? <CopyButton text={message.text} label={t('chat.message.copy')} /> : null}
        {!editing && !running ? (
          <button
            type="button"
            className="copy-button"
            aria-label={t('chat.editor.label')}
            title={t('chat.message.editTitle')}
            onClick={() => setEditing(true)}
          >
            {t('chat.action.edit')}
          </button>
        ) : null}
      </div>
    </article>
  );
}

function replyText(message: AssistantMessage): string {
  return message.parts
    .map((part) => (part.type === 'text' ? part.text : ''))
    .filter(Boolean)
    .join('\n\n');
}

/** Text and thinking parts only grow at the end, so their place is their identity; tool calls have ids. */
function partKey(part: AssistantPart, index: number): string {
  return part.type === 'tool' ? `tool-${part.call.id}` : `${part.type}-${index}`;
}

function Reply({
  message,
  conversationId,
}: {
  message: AssistantMessage;
  conversationId: string;
}): ReactNode {
  const t = useT();
  const streaming = message.status === 'streaming';
  const lastIndex = message.parts.length - 1;
  const text = replyText(message);
  const stats = replyStats(message, t);
  return (
    <article className="msg msg-assistant" aria-label={t('chat.message.assistant')} aria-busy={streaming}>
      {message.parts.map((part, index) =>
        part.type === 'text' ? (
          <div
            key={partKey(part, index)}
            className={streaming && index === lastIndex ? 'markdown streaming-tail' : 'markdown'}
          >
            <ReplyText text={part.text} live={streaming && index === lastIndex} />
          </div>
        ) : part.type === 'reasoning' ? (
          <ThinkingBlock key={partKey(part, index)} part={part} live={streaming && index === lastIndex} />
        ) : part.call.host ? (
          <HostCallCard key={partKey(part, index)} call={part.call} />
        ) : (
          <ToolCallCard key={partKey(part, index)} call={part.call} conversationId={conversationId} />
        ),
      )}
      {streaming && message.parts.length === 0 ? (
        <span className="msg-thinking" role="status">
          <span className="dot" />
          <span className="dot" />
          <span className="dot" />
          <span className="visually-hidden">{t('chat.message.thinking')}</span>
        </span>
      ) : null}
      {message.status === 'error' ? (
        <div className="msg-error" role="alert">
          {message.error !== undefined
            ? hostWords(message.error, message.errorText)
            : t('chat.message.failed')}
        </div>
      ) : null}
      {message.status === 'stopped' ? <p className="msg-notice">{t('chat.message.stopped')}</p> : null}
      {message.status === 'done' && message.error ? (
        <p className="msg-notice">{hostWords(message.error, message.errorText)}</p>
      ) : null}
      <ReplyActions message={message} conversationId={conversationId} />
      {!streaming ? (
        <div className="msg-meta">
          <span className="msg-model">{message.model}</span>
          {message.instructionsFrom?.length ? (
            <span className="msg-instructions" title={t('chat.message.instructionsTitle')}>
              {t('chat.message.instructionsFrom', { servers: message.instructionsFrom.join(', ') })}
            </span>
          ) : null}
          <time dateTime={new Date(message.time).toISOString()}>{formatClock(message.time)}</time>
          {stats ? (
            <span
              className="msg-stats"
              title={message.usage?.estimated ? t('chat.message.statsEstimated') : t('chat.message.stats')}
            >
              {stats}
            </span>
          ) : null}
          {text ? <CopyButton text={text} label={t('chat.message.copy')} /> : null}
        </div>
      ) : null}
    </article>
  );
}

/** Reads its own message from the store, so a delta re-renders only this row. */
export const MessageRow = memo(function MessageRow({
  conversationId,
  messageId,
}: {
  conversationId: string;
  messageId: string;
}): ReactNode {
  const message = useMessage(conversationId, messageId);
  const compaction = useCompaction(conversationId);
  if (!message) return null;
  const row =
    message.role === 'user' ? (
      <UserBubble message={message} conversationId={conversationId} />
    ) : (
      <Reply message={message} conversationId={conversationId} />
    );
  if (compaction?.through !== messageId) return row;
  return (
    <>
      {row}
      <CompactionDivider conversationId={conversationId} compaction={compaction} />
    </>
  );
});
