// Approvals slice: the servers that wait for the person's approval or were refused, as the host lists them.
import type { ServerApprovalRequest } from '../../../shared/serverApprovals';

export type ApprovalsState = { serverApprovals: ServerApprovalRequest[] };

export const approvalsInitial: ApprovalsState = { serverApprovals: [] };

export type ApprovalsActions = {
  approvalsChanged(list: ServerApprovalRequest[]): void;
};

type SetApprovals = (update: (s: ApprovalsState) => Partial<ApprovalsState>) => void;

export function createApprovalsActions(set: SetApprovals): ApprovalsActions {
  return {
    approvalsChanged: (list) => set(() => ({ serverApprovals: list })),
  };
}
