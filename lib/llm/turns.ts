/**
 * Splitting a conversation into a system prompt and alternating turns, for
 * the APIs that want them (Anthropic, Bedrock Converse, Gemini/Vertex): the
 * system messages are joined with a blank line, and consecutive messages of
 * one role (several tool results, then a user note...) become one turn.
 */
import type { LlmMessage } from './provider-contract';

/** A message other than a system message. */
export type TurnMessage = Exclude<LlmMessage, { role: 'system' }>;

/** One turn: `assistant` for the model's messages, `user` for user messages and tool results. */
export interface Turn<B> {
  role: 'user' | 'assistant';
  blocks: B[];
}

/** How one API's content blocks are made and ordered. */
export interface TurnMapping<B> {
  /** The API's blocks for a message; a message without any is dropped. */
  toBlocks(message: TurnMessage): B[];
  /** When given, tool results are moved first in their user turn (the order within each kind is kept). */
  isToolResult?(block: B): boolean;
}

/** The joined system prompt (undefined when empty) and the merged turns. */
export function toTurns<B>(messages: LlmMessage[], mapping: TurnMapping<B>): { system: string | undefined; turns: Array<Turn<B>> } {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n\n');
  const turns: Array<Turn<B>> = [];
  for (const message of messages) {
    if (message.role === 'system') continue;
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const blocks = mapping.toBlocks(message);
    if (!blocks.length) continue;
    const last = turns[turns.length - 1];
    if (last && last.role === role) last.blocks.push(...blocks);
    else turns.push({ role, blocks });
  }
  const isToolResult = mapping.isToolResult;
  if (isToolResult) {
    for (const turn of turns) {
      if (turn.role === 'user') turn.blocks.sort((a, b) => Number(isToolResult(b)) - Number(isToolResult(a)));
    }
  }
  return { system: system || undefined, turns };
}
