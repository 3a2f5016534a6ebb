// A prompt's messages, each with its role and its content shown safely (never as HTML).
import type { ReactNode } from 'react';
import type { PromptMessageView } from '../../../../shared/resources';
import { ContentView } from '../../components/ContentView';
import { roleLabel } from './contentText';

/** An ordered list of the messages with their roles. */
export function PromptMessages({ messages }: { messages: readonly PromptMessageView[] }): ReactNode {
  if (messages.length === 0) return <p className="muted prompt-empty">The prompt has no messages.</p>;
  return (
    <ol className="prompt-messages">
      {messages.map((message, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: messages have no identity and never reorder
        <li key={index} className={`prompt-message prompt-message-${message.role}`}>
          <span className="prompt-role">{roleLabel(message.role)}</span>
          <ContentView result={{ content: [message.content] }} />
        </li>
      ))}
    </ol>
  );
}
