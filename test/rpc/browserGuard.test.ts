// Who browser mode lets in: the Host it serves, its own Origin, the token offered as a socket subprotocol.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { hostRefusal, socketRefusal } from '../../src/main/rpc/browserGuard';
import { socketProtocols, tokenOfProtocols } from '../../src/shared/channels';

const SERVED = '127.0.0.1:4000';
const TOKEN = 'secret-token_1';

function request(headers: Record<string, string>, url = '/host'): IncomingMessage {
  return { url, headers } as unknown as IncomingMessage;
}

const page = {
  host: SERVED,
  origin: `http://${SERVED}`,
  'sec-websocket-protocol': socketProtocols(TOKEN).join(', '),
};

describe('hostRefusal', () => {
  it('lets in only requests naming the address served', () => {
    expect(hostRefusal(request({ host: SERVED }), SERVED)).toBeUndefined();
    for (const host of ['localhost:4000', 'evil.example:4000', '127.0.0.1:4001', '127.0.0.1', ''])
      expect(hostRefusal(request({ host }), SERVED), host).toBe('421 Misdirected Request');
  });
});

describe('socketRefusal', () => {
  it('lets in the page with its token', () => {
    expect(socketRefusal(request(page), SERVED, TOKEN)).toBeUndefined();
  });

  it('refuses another Host, another path, a missing or wrong token, another Origin', () => {
    expect(socketRefusal(request({ ...page, host: 'evil.example:4000' }), SERVED, TOKEN)).toMatch(/^421/);
    expect(socketRefusal(request(page, '/other'), SERVED, TOKEN)).toMatch(/^404/);
    const { 'sec-websocket-protocol': _, ...noToken } = page;
    expect(socketRefusal(request(noToken), SERVED, TOKEN)).toMatch(/^401/);
    expect(
      socketRefusal(
        request({ ...page, 'sec-websocket-protocol': socketProtocols('wrong').join(',') }),
        SERVED,
        TOKEN,
      ),
    ).toMatch(/^401/);
    expect(socketRefusal(request(page, `/host?token=${TOKEN}`), SERVED, 'other')).toMatch(/^401/);
    expect(socketRefusal(request({ ...page, origin: 'http://localhost:4000' }), SERVED, TOKEN)).toMatch(
      /^403/,
    );
  });
});

describe('the token subprotocol', () => {
  it('round-trips, and is found among other offers', () => {
    expect(tokenOfProtocols(['chat', ...socketProtocols(TOKEN)])).toBe(TOKEN);
    expect(tokenOfProtocols(['switchboard'])).toBeUndefined();
  });
});
