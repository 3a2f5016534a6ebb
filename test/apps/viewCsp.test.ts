import { describe, expect, it } from 'vitest';
import {
  allowedSource,
  buildViewPolicy,
  grantedPermissions,
  readViewMeta,
  scriptNoncePolicy,
  VIEW_PERMISSIONS_POLICY,
} from '../../src/main/apps/viewCsp';

const HOST = 'http://127.0.0.1:4100';
const SANDBOX = 'http://127.0.0.1:4200';
const options = { hostOrigin: HOST, forbiddenOrigins: [HOST, SANDBOX] };
/** What every view's scripts get, as the reference host gives them: its own bytes, never an address. */
const SCRIPTS = "'self' 'unsafe-inline' 'unsafe-eval' blob: data:";

function directives(header: string): Map<string, string> {
  return new Map(
    header.split('; ').map((part) => {
      const [name = '', ...sources] = part.split(' ');
      return [name, sources.join(' ')];
    }),
  );
}

describe('the view policy', () => {
  it('is the restrictive default when the resource declares nothing', () => {
    const policy = buildViewPolicy(undefined, options);
    const csp = directives(policy.header);
    expect(csp.get('default-src')).toBe("'none'");
    expect(csp.get('script-src')).toBe(SCRIPTS);
    expect(csp.get('style-src')).toBe("'self' 'unsafe-inline' blob: data:");
    expect(csp.get('img-src')).toBe("'self' blob: data:");
    expect(csp.get('font-src')).toBe("'self' blob: data:");
    expect(csp.get('media-src')).toBe("'self' blob: data:");
    expect(csp.get('connect-src')).toBe("'none'");
    expect(csp.get('frame-src')).toBe("'none'");
    expect(csp.get('worker-src')).toBe('blob: data:');
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'self'");
    expect(csp.get('form-action')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe(HOST);
    expect(csp.get('webrtc')).toBe("'block'");
    expect(policy.refused).toEqual([]);
  });

  it('adds exactly the declared origins to their directives', () => {
    const policy = buildViewPolicy(
      {
        connectDomains: ['https://api.example.com', 'wss://live.example.com'],
        resourceDomains: ['https://*.cdn.example.net'],
        frameDomains: ['https://www.youtube.com'],
        baseUriDomains: ['https://base.example.org'],
      },
      options,
    );
    const csp = directives(policy.header);
    expect(csp.get('connect-src')).toBe('https://api.example.com wss://live.example.com');
    expect(csp.get('script-src')).toBe(`${SCRIPTS} https://*.cdn.example.net`);
    expect(csp.get('img-src')).toBe("'self' blob: data: https://*.cdn.example.net");
    expect(csp.get('font-src')).toBe("'self' blob: data: https://*.cdn.example.net");
    expect(csp.get('worker-src')).toBe('blob: data:');
    expect(csp.get('frame-src')).toBe('https://www.youtube.com');
    expect(csp.get('base-uri')).toBe('https://base.example.org');
    expect(csp.get('default-src')).toBe("'none'");
  });

  it('never lets a declaration loosen the policy beyond plain origins', () => {
    const tricks = [
      "'unsafe-eval'",
      '*',
      'https:',
      'data:',
      'blob:',
      'https://a.example.com; script-src *',
      'https://a.example.com https://b.example.com',
      'https://*.com',
      'http://plain.example.com',
      'javascript:alert(1)',
      'https://a.example.com:*',
      "https://a.example.com'",
      42,
    ];
    const policy = buildViewPolicy({ connectDomains: tricks, resourceDomains: tricks }, options);
    const csp = directives(policy.header);
    expect(csp.get('connect-src')).toBe("'none'");
    expect(csp.get('script-src')).toBe(SCRIPTS);
    expect(csp.get('worker-src')).toBe('blob: data:');
    expect(policy.refused).toHaveLength(tricks.length * 2);
    expect(policy.header).not.toMatch(/\*(?!\.)|https: |javascript:/);
    expect(policy.header.split('; ')).toHaveLength(14);
  });

  it('refuses the app and the sandbox themselves, and loopback without an explicit port', () => {
    const policy = buildViewPolicy(
      {
        connectDomains: [
          HOST,
          'ws://127.0.0.1:4100',
          SANDBOX,
          'http://localhost',
          'http://*.localhost:3000',
          'http://localhost:5173',
        ],
      },
      options,
    );
    expect(policy.csp.connectDomains).toEqual(['http://localhost:5173']);
    expect(policy.refused).toEqual([
      HOST,
      'ws://127.0.0.1:4100',
      SANDBOX,
      'http://localhost',
      'http://*.localhost:3000',
    ]);
  });

  it('normalises case and a trailing slash, and keeps each source once', () => {
    expect(allowedSource('HTTPS://API.Example.COM/')).toBe('https://api.example.com');
    expect(allowedSource('https://cdn.example.com/Lib/')).toBe('https://cdn.example.com/Lib/');
    const policy = buildViewPolicy(
      { connectDomains: ['https://a.example.com', 'https://A.example.com/'] },
      options,
    );
    expect(policy.csp.connectDomains).toEqual(['https://a.example.com']);
  });

  it('takes a single string as a list of one and ignores lists of the wrong type', () => {
    const policy = buildViewPolicy(
      { connectDomains: 'https://a.example.com', frameDomains: { not: 'a list' } },
      options,
    );
    expect(policy.csp.connectDomains).toEqual(['https://a.example.com']);
    expect(policy.csp.frameDomains).toEqual([]);
    expect(directives(policy.header).get('frame-src')).toBe("'none'");
  });
});

describe("the view page's other policies", () => {
  it('lets a parsed script run only with the nonce, and loosens nothing the first policy refuses', () => {
    expect(scriptNoncePolicy('abc_DEF-123')).toBe(
      "script-src 'nonce-abc_DEF-123' 'strict-dynamic' 'unsafe-eval'",
    );
    expect(scriptNoncePolicy('abc')).not.toMatch(/unsafe-inline|blob:|data:|https?:/);
  });

  it('turns off every powerful feature but those a view may be granted, which its frame hands on', () => {
    const features = new Map(
      VIEW_PERMISSIONS_POLICY.split(', ').map((entry) => entry.split('=') as [string, string]),
    );
    for (const feature of [
      'display-capture',
      'speaker-selection',
      'captured-surface-control',
      'usb',
      'payment',
    ])
      expect(features.get(feature), feature).toBe('()');
    expect([...features.values()].every((allowlist) => allowlist === '()')).toBe(true);
    for (const granted of ['camera', 'microphone', 'geolocation', 'clipboard-write'])
      expect(features.has(granted), granted).toBe(false);
  });
});

describe('the view meta and its permissions', () => {
  it('reads the content item first and the listing as fallback', () => {
    const item = { ui: { csp: { connectDomains: ['https://a.example.com'] }, prefersBorder: false } };
    const listing = { ui: { csp: { connectDomains: ['https://b.example.com'] }, prefersBorder: true } };
    expect(readViewMeta(item, listing)).toEqual({
      csp: { connectDomains: ['https://a.example.com'] },
      permissions: [],
      prefersBorder: false,
    });
    expect(readViewMeta(undefined, listing).prefersBorder).toBe(true);
    expect(readViewMeta('nonsense', null)).toEqual({ permissions: [] });
  });

  it('keeps only the known permissions, and grants only what the person allowed', () => {
    const meta = readViewMeta({
      ui: { permissions: { camera: {}, microphone: {}, usb: {}, geolocation: true } },
    });
    expect(meta.permissions).toEqual(['camera', 'microphone']);
    expect(grantedPermissions(meta.permissions, [])).toEqual([]);
    expect(grantedPermissions(meta.permissions, ['microphone', 'clipboardWrite'])).toEqual(['microphone']);
  });
});
