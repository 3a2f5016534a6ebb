// Skills slice: every server's skills as the host judges them, and the skills waiting for the person's approval (oldest first).
import type { SkillApprovalRequest, SkillView } from '../../../shared/skills';
import { translate } from '../i18n';

export type SkillsState = {
  skills: SkillView[];
  /** Skills the model asked to load that wait for the person, oldest first. */
  skillQueue: SkillApprovalRequest[];
  /** Questions this window answered, so their settling shows no notice. */
  skillAnswering: string[];
  /** Said briefly in the dialog when the shown question went away unanswered. */
  skillNotice: { id: string; text: string } | null;
};

export const skillsInitial: SkillsState = {
  skills: [],
  skillQueue: [],
  skillAnswering: [],
  skillNotice: null,
};

export type SkillsActions = {
  skillsChanged(skills: SkillView[]): void;
  skillsPendingListed(list: SkillApprovalRequest[]): void;
  skillRequested(request: SkillApprovalRequest): void;
  skillAnswering(id: string): void;
  skillSettled(id: string, reason: string): void;
  skillNoticeCleared(): void;
};

type SetSkills = (update: (s: SkillsState) => Partial<SkillsState>) => void;

const byAge = (a: SkillApprovalRequest, b: SkillApprovalRequest) => a.requestedAt - b.requestedAt;

export function createSkillsActions(set: SetSkills): SkillsActions {
  return {
    skillsChanged: (skills) => set(() => ({ skills })),
    skillsPendingListed: (list) => set(() => ({ skillQueue: [...list].sort(byAge) })),
    skillRequested: (request) =>
      set((s) => ({
        skillQueue: [...s.skillQueue.filter((item) => item.id !== request.id), request].sort(byAge),
      })),
    skillAnswering: (id) => set((s) => ({ skillAnswering: [...s.skillAnswering, id] })),
    skillSettled: (id, reason) =>
      set((s) => {
        const shown = s.skillQueue[0]?.id === id;
        const skillQueue = s.skillQueue.filter((item) => item.id !== id);
        const skillAnswering = s.skillAnswering.filter((other) => other !== id);
        if (!shown || s.skillAnswering.includes(id)) return { skillQueue, skillAnswering };
        const text =
          reason === 'server-gone'
            ? translate('skills.notice.serverGone')
            : translate('skills.notice.modelGone');
        return { skillQueue, skillAnswering, skillNotice: { id, text } };
      }),
    skillNoticeCleared: () => set(() => ({ skillNotice: null })),
  };
}
