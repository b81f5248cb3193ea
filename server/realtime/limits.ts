import { triggerLimits } from '../../contract/pusher-api';
import type { RealtimeMessage } from './types';

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
