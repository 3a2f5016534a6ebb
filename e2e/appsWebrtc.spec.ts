// MCP Apps and WebRTC: a view reaches no address through a peer connection, from its own realm or from anything it makes.
import { expect, fixture, test } from './host';
import { startWebRtcCatcher, type WebRtcCatcher } from './webrtcCatcher';

let viewCatcher: WebRtcCatcher;
let controlCatcher: WebRtcCatcher;

test.beforeAll(async () => {
  viewCatcher = await startWebRtcCatcher();
  controlCatcher = await startWebRtcCatcher();
});

test.afterAll(async () => {
  await viewCatcher.close();
  await controlCatcher.close();
});

/** The attempt every route of the view makes, from a page that is not a view: the control. */
async function dialFromPage(ports: { udp: number; tcp: number }): Promise<void> {
  const peer = new RTCPeerConnection({
    iceServers: [
      { urls: `stun:127.0.0.1:${ports.udp}` },
      { urls: `turn:127.0.0.1:${ports.udp}?transport=udp`, username: 'leak-control', credential: 'x' },
      { urls: `turn:127.0.0.1:${ports.tcp}?transport=tcp`, username: 'leak-control', credential: 'x' },
    ],
  });
  peer.createDataChannel('leak');
  await peer.setLocalDescription(await peer.createOffer());
}

test('a view without a declared CSP sends nothing through WebRTC, from itself or any frame, worker or window it makes', async ({
  page,
  startHost,
}) => {
  await startHost({ mcpServers: { apps: fixture('apps.mjs') } }).then((host) => page.goto(host.url));
  await page.getByRole('tab', { name: 'Servers' }).click();
  const entry = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /apps/ });
  await expect(entry).toContainText('running');
  await entry.click();
  await page.getByRole('tab', { name: 'Tools' }).click();
  await page.getByRole('button', { name: 'Run webrtc_probe' }).click();
  const run = page.getByRole('dialog', { name: 'webrtc_probe' });
  await run.getByLabel(/^udpPort/).fill(String(viewCatcher.udpPort));
  await run.getByLabel(/^tcpPort/).fill(String(viewCatcher.tcpPort));
  await run.getByRole('button', { name: 'Run', exact: true }).click();

  // The view tries every route in turn and says when it has tried them all.
  const view = run
    .getByTitle('View of webrtc_probe (apps)')
    .contentFrame()
    .getByTitle('App view')
    .contentFrame();
  await expect(view.getByText('Status: all attempts made')).toBeVisible({ timeout: 30_000 });

  // The control: the same attempt from a page that is not a view, in the same browser, started only
  // now, gets its user name to its own catcher over UDP and over TCP.
  const control = await page.context().newPage();
  const started = Date.now();
  await control.evaluate(dialFromPage, { udp: controlCatcher.udpPort, tcp: controlCatcher.tcpPort });
  await expect.poll(() => controlCatcher.usernames()).toContain('leak-control');
  await expect.poll(() => controlCatcher.connections()).toBeGreaterThan(0);
  test.info().annotations.push({
    type: 'control',
    description: `the same attempt from a plain page reached its catcher in ${Date.now() - started} ms`,
  });
  await control.close();

  // By then every attempt of the view had had longer; its catcher heard nothing at all.
  expect(viewCatcher.usernames()).toEqual([]);
  expect(viewCatcher.datagrams()).toBe(0);
  expect(viewCatcher.connections()).toBe(0);

  // Each route says it was blocked.
  const outcomes = await view.getByRole('listitem').allTextContents();
  const routes = [
    'RTCPeerConnection',
    'webkitRTCPeerConnection',
    'a name built at run time',
    'a scan of the window and its prototypes',
    'constructors and prototypes of everything left',
    'WebRTC interfaces left',
    'an about:blank frame',
    'a srcdoc frame',
    'a data URL script in a srcdoc frame',
    'a blob URL script in a srcdoc frame',
    'an event handler in a srcdoc frame',
    'a srcdoc frame inside a srcdoc frame',
    'a blob URL frame',
    'a data URL frame',
    'a javascript URL frame',
    'a srcdoc frame with a nonce the view found',
    'a worker',
    'a data URL worker',
    'a new window',
  ];
  expect(outcomes.map((outcome) => outcome.split(': ')[0])).toEqual(routes);
  for (const [index, outcome] of outcomes.entries())
    expect(outcome.startsWith(`${routes[index]}: blocked (`), outcome).toBe(true);
  // Workers start (PDF.js and others need them) but have no WebRTC to dial with.
  expect(outcomes).toContain('a worker: blocked (not found)');
  expect(outcomes).toContain('a data URL worker: blocked (not found)');
});
