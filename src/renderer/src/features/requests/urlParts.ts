// Splits a URL a server wants opened into what a person must see: the real domain apart from the path, and warnings.
import { translate } from '../../i18n';

/** A URL as written, in the pieces the dialog shows; `domain` is the host the browser would really visit. */
export type UrlView = {
  /** True when it is an http(s) address at all. */
  web: boolean;
  /** `https://` */
  prefix: string;
  /** Text before an `@` in the authority (`user:pass@`), a classic disguise. */
  userinfo: string;
  /** The host (and port) as written. */
  host: string;
  /** Path, query and fragment as written. */
  rest: string;
  /** The host the browser would visit, in ASCII (`xn--` for international names); '' if unreadable. */
  domain: string;
  https: boolean;
  /** The domain uses punycode (`xn--` labels) or non-ASCII letters. */
  international: boolean;
  warnings: string[];
};

const SPLIT = /^([a-zA-Z][a-zA-Z0-9+.-]*:)(\/\/)?([^/?#\\]*)([\s\S]*)$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is exactly what is tested
const NON_ASCII = /[^\u0000-\u007f]/;

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** True when a host name uses punycode labels or non-ASCII characters. */
export function isInternationalHost(host: string): boolean {
  return NON_ASCII.test(host) || host.split('.').some((label) => label.toLowerCase().startsWith('xn--'));
}

/** The URL in pieces with everything a person should be warned about. */
export function describeUrl(url: string): UrlView {
  const parsed = parse(url.trim());
  const match = SPLIT.exec(url.trim());
  const scheme = parsed?.protocol ?? match?.[1]?.toLowerCase() ?? '';
  const web = parsed !== undefined && (scheme === 'https:' || scheme === 'http:');
  const authority = match?.[2] ? (match[3] ?? '') : '';
  const at = authority.lastIndexOf('@');
  const view: UrlView = {
    web,
    prefix: match ? `${match[1]}${match[2] ?? ''}` : '',
    userinfo: at >= 0 ? authority.slice(0, at + 1) : '',
    host: at >= 0 ? authority.slice(at + 1) : authority,
    rest: match ? (match[4] ?? '') : url,
    domain: web ? (parsed?.hostname ?? '') : '',
    https: web && scheme === 'https:',
    international: false,
    warnings: [],
  };
  view.international = web && (isInternationalHost(view.host) || isInternationalHost(view.domain));
  if (!web) {
    view.warnings.push(translate('requests.url.notWeb'));
    return view;
  }
  if (!view.https) view.warnings.push(translate('requests.url.insecure'));
  if (view.international)
    view.warnings.push(translate('requests.url.international', { domain: view.domain }));
  if (view.userinfo)
    view.warnings.push(
      translate('requests.url.userinfo', { userinfo: view.userinfo.slice(0, -1), domain: view.domain }),
    );
  return view;
}
