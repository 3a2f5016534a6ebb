// The organisation's policies as read at start, shared by flow-aware consent and the sandbox's launch gate.
import { type MinimumSandbox, minimumSandboxOf, type OrgPolicy } from './orgPolicy';

export class OrgPolicies {
  /** Undefined until read: until then, every server is blocked. */
  private read: readonly OrgPolicy[] | undefined;

  /** The policies as read once at start (see `loadPolicies`). */
  set(policies: readonly OrgPolicy[]): void {
    this.read = policies;
  }

  /** The policies, or undefined while they have not been read. */
  get list(): readonly OrgPolicy[] | undefined {
    return this.read;
  }

  /** The least sandbox the policies require of local servers; the strictest until they are read. */
  minimumSandbox(): MinimumSandbox {
    return this.read ? minimumSandboxOf(this.read) : 'network-none';
  }
}
