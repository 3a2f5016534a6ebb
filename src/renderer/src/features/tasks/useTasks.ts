// The Tasks list as the host keeps it: fetched once, then kept current by `tasks.changed`.
import { useEffect, useState } from 'react';
import type { TaskEntry } from '../../../../shared/chat';
import { useHost } from '../../api/HostContext';
import { useEpoch } from '../../store';

/** Every task, newest first; null until the host answered. */
export function useTasks(): TaskEntry[] | null {
  const host = useHost();
  const epoch = useEpoch();
  const [tasks, setTasks] = useState<TaskEntry[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new epoch (reconnect) fetches again.
  useEffect(() => {
    let live = true;
    const off = host.on('tasks.changed', (list) => setTasks(list));
    host
      .invoke('tasks.list', {})
      .then((list) => live && setTasks(list))
      .catch(() => {});
    return () => {
      live = false;
      off();
    };
  }, [host, epoch]);
  return tasks;
}

/** Re-renders every second, for ages that keep counting. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
