import { channels, sharedChannels } from '../../contract/realtime';

/** Who may join which channel: every operator the shared channels, and each operator only their own user channel. */
export function mayJoinChannel(userId: number, channel: string): boolean {
  return channel === channels.user(userId) || (sharedChannels as readonly string[]).includes(channel);
}
