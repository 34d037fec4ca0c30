export type ParentMessage = { type: 'ask'; id: number; action: string };
export type ChildMessage = { type: 'ready'; targets: unknown } | { type: 'answer'; id: number; answer?: unknown; error?: string };

export interface ChildServers<Targets> {
  targets: Targets;
  /** Actions the parent may run by name while the servers are up. */
  actions?: Record<string, () => unknown>;
  close(): Promise<void>;
}

const send = (message: ChildMessage) => process.send!(message);

/**
 * The child side of startServersProcess: announces the targets, answers the parent's actions, and on
 * SIGTERM closes the servers and exits normally (so a --cpu-prof profile is written).
 */
export function serveParent<Targets>(servers: ChildServers<Targets>): void {
  if (!process.send) throw new Error('bench servers run as a child of the benchmark (startServersProcess), with an IPC channel');
  process.on('message', (message: ParentMessage) => {
    if (message.type !== 'ask') return;
    const action = servers.actions?.[message.action];
    Promise.resolve()
      .then(() => {
        if (!action) throw new Error(`no action ${message.action}`);
        return action();
      })
      .then(
        (answer) => send({ type: 'answer', id: message.id, answer }),
        (error: unknown) => send({ type: 'answer', id: message.id, error: error instanceof Error ? error.message : String(error) }),
      );
  });
  let closing: Promise<void> | undefined;
  const shutdown = () => {
    closing ??= servers.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', shutdown);
  // The benchmark ended without stopping us (it crashed): do not outlive it.
  process.on('disconnect', shutdown);
  send({ type: 'ready', targets: servers.targets });
}
