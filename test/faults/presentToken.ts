// How the faults suite presents the run's token when it opens a socket: as the page does.
import { socketProtocols as protocolsOf, WS_PATH } from '../../src/shared/channels';

export function socketUrl(origin: string, _token: string): string {
  return `${origin.replace('http', 'ws')}${WS_PATH}`;
}

export function socketProtocols(token: string): string[] {
  return protocolsOf(token);
}
