import { pusherProtocol } from '../../contract/realtime';
import type { RealtimeMessage } from './types';

/** Pusher's trigger limits, applied the same by every driver so that the embedded server behaves like the hosted one. */
export const triggerLimits = {
  maxChannels: 100,
  maxEventNameLength: 200,
  maxDataBytes: pusherProtocol.maxMessageBytes,
  maxBatchEvents: 10,
} as const;

export type LimitProblem = { status: 400 | 413; message: string };

/** Why Pusher would refuse this event, or undefined when it is fine. */
export function checkTriggerLimits(message: RealtimeMessage): LimitProblem | undefined {
  if (message.channels.length === 0) return { status: 400, message: 'At least one channel is required' };
  if (message.channels.length > triggerLimits.maxChannels) {
    return { status: 400, message: `At most ${triggerLimits.maxChannels} channels per event` };
  }
  if (message.event.length === 0 || message.event.length > triggerLimits.maxEventNameLength) {
    return { status: 400, message: `Event name must be 1 to ${triggerLimits.maxEventNameLength} characters` };
  }
  if (Buffer.byteLength(message.data, 'utf8') > triggerLimits.maxDataBytes) {
    return { status: 413, message: `Event data is over ${triggerLimits.maxDataBytes} bytes` };
  }
  return undefined;
}

export function toChannelList(channels: string | readonly string[]): readonly string[] {
  return typeof channels === 'string' ? [channels] : channels;
}
