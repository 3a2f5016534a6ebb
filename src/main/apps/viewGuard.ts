// The first script of every view: WebRTC out of its realm, and no script at all in the frames it makes.

/**
 * Runs in the view's realm before any of its own code, from a script that carries the page's nonce
 * (browser code, serialised with `toString`, so it closes over nothing).
 *
 * WebRTC reaches any address over UDP or TCP and no Content-Security-Policy covers it, so every
 * `RTC…` interface is taken out of the realm, prototypes emptied first. A frame the view makes
 * (srcdoc, about:blank) gets an opaque origin of its own with a fresh realm the view cannot reach, but
 * it inherits the page's policies, one of which lets a parsed script run only with the nonce. This
 * script hands the nonce to the script elements the parser puts into the view's own document (a
 * mutation observer runs before a parsed script is prepared), and removes every way to read it — the
 * `nonce` property, a violation's `originalPolicy`, reports — so a frame the view makes runs no script.
 * The functions it calls later are taken now, so nothing the view replaces afterwards sees the nonce.
 */
export function guardViewRealm(): void {
  const apply = Reflect.apply;
  const ownKeys = Reflect.ownKeys;
  const describe = Object.getOwnPropertyDescriptor;
  const script = document.currentScript;
  const nonce = script?.nonce ?? '';
  script?.remove();

  const elementTypes = [globalThis.HTMLElement, globalThis.SVGElement, globalThis.MathMLElement];
  const setters: ((value: string) => void)[] = [];
  for (const type of elementTypes) {
    const setter = type && describe(type.prototype, 'nonce')?.set;
    if (setter) setters.push(setter);
  }
  const localName = describe(Element.prototype, 'localName')?.get;
  const addedNodes = describe(MutationRecord.prototype, 'addedNodes')?.get;
  const listLength = describe(NodeList.prototype, 'length')?.get;
  const stamp = (node: Node) => {
    if (!localName || apply(localName, node, []) !== 'script') return;
    for (let index = 0; index < setters.length; index += 1) {
      try {
        apply(setters[index] as (value: string) => void, node, [nonce]);
        return;
      } catch {
        // Not an element of this kind (HTML, SVG or MathML): the next setter is for it.
      }
    }
  };
  if (nonce && addedNodes && listLength) {
    new MutationObserver((records) => {
      for (let record = 0; record < records.length; record += 1) {
        const nodes: NodeList = apply(addedNodes, records[record], []);
        const count: number = apply(listLength, nodes, []);
        for (let index = 0; index < count; index += 1) {
          try {
            stamp(nodes[index] as Node);
          } catch {
            // Not an element: only script elements need the nonce.
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  }

  for (const type of elementTypes) if (type) delete (type.prototype as { nonce?: string }).nonce;
  delete (SecurityPolicyViolationEvent.prototype as { originalPolicy?: string }).originalPolicy;
  const global = globalThis as unknown as Record<string | symbol, unknown>;
  for (const name of ['ReportingObserver', 'CSPViolationReportBody']) delete global[name];
  for (const name of ownKeys(global)) {
    if (typeof name !== 'string' || !/^(webkit)?RTC/.test(name)) continue;
    const value = global[name];
    const prototype =
      typeof value === 'function' ? (value.prototype as Record<string | symbol, unknown>) : null;
    if (prototype) for (const key of ownKeys(prototype)) delete prototype[key];
    delete global[name];
  }
}

/** The guard's source, to run as the text of a script element. */
export const GUARD_SCRIPT = `(${guardViewRealm.toString()})();`;

/**
 * `html` with `element` as its first markup: after a leading doctype (so the view keeps its rendering
 * mode), otherwise at the very start. Nothing of the view's comes before it but white space and the
 * doctype, so it cannot land inside a comment, an attribute or raw text. Serialised into the proxy.
 */
export function placeFirst(html: string, element: string): string {
  const doctype = /^\uFEFF?[\t\n\f\r ]*<!doctype[^>]*>/i.exec(html);
  const at = doctype ? doctype[0].length : 0;
  return html.slice(0, at) + element + html.slice(at);
}
